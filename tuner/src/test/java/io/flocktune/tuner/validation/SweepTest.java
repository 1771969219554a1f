package io.flocktune.tuner.validation;

import io.flocktune.objectives.CollectiveState;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepTest {
    private static final Preset.RuleSet VICSEK = Presets.rules("vicsek"), COUZIN = Presets.rules("couzin");

    @Test
    void vicsekSetsTheNoiseAndSamplesTheSecondHalf() {
        Validation.Vicsek vicsek = new Validation.Vicsek(VICSEK, List.of(1.5), new Validation.Schedule(100, 2, 9));
        assertEquals(new Alignment.Vicsek(1, 1.5), vicsek.at(1.5).alignment());
        assertEquals(VICSEK.toBuilder().alignment(new Alignment.Vicsek(1, 1.5)).build(), vicsek.at(1.5));
        assertEquals(50, vicsek.objectives().getFirst().warmup());
        assertEquals(Math.sqrt(Math.PI / 1600), vicsek.randomLevel());
        assertEquals(14, Validation.Vicsek.of(VICSEK, vicsek.schedule()).values().size());
    }

    @Test
    void couzinSetsBothZonesFromTheOrientationWidth() {
        Validation.Couzin couzin = Validation.Couzin.of(COUZIN, new Validation.Schedule(3000, 3, 1));
        Preset.RuleSet wide = couzin.at(6);
        assertEquals(new Alignment.Zonal(1, 7), wide.alignment());
        assertEquals(new Neighbourhood.FieldOfView(21, 270), wide.neighbourhood());
        assertEquals(COUZIN, couzin.at(2), "the preset is the torus point dr_o = 2");
        assertEquals(2000, couzin.warmup());
    }

    @Test
    void validationsRejectPresetsAndValuesTheyCannotSweep() {
        Validation.Schedule schedule = new Validation.Schedule(10, 1, 1);
        assertEquals("alignment.kind = zonal: the Vicsek validation needs vicsek",
                assertThrows(IllegalArgumentException.class, () -> Validation.Vicsek.of(COUZIN, schedule)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Validation.Vicsek(VICSEK, List.of(7.0), schedule));
        assertThrows(IllegalArgumentException.class, () -> new Validation.Vicsek(VICSEK, List.of(), schedule));
        Preset metric = COUZIN.toBuilder().neighbourhood(new Neighbourhood.Metric(17)).build();
        assertEquals(new Neighbourhood.Metric(18), Validation.Couzin.of(metric, schedule).at(3).neighbourhood());
        assertEquals("alignment.kind = vicsek: the Couzin validation needs zonal",
                assertThrows(IllegalArgumentException.class, () -> Validation.Couzin.of(VICSEK, schedule)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Validation.Couzin(COUZIN, List.of(-1.0), 14, schedule));
        assertThrows(IllegalArgumentException.class, () -> new Validation.Schedule(1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Validation.Schedule(10, 0, 1));
    }

    /** Each point is Objectives.measure at the point's preset, on 1 or 3 threads alike. */
    @Test
    void pointsAreMeasurementsAtEachValueWhateverTheThreadCount() throws Exception {
        Validation.Vicsek vicsek = new Validation.Vicsek(VICSEK, List.of(0.5, 4.0, 2 * Math.PI), new Validation.Schedule(60, 2, 5));
        List<SweepPoint> one, three;
        try (ExecutorService executor = Executors.newFixedThreadPool(1)) {
            one = Sweep.run(vicsek, executor);
        }
        try (ExecutorService executor = Executors.newFixedThreadPool(3)) {
            three = Sweep.run(vicsek, executor);
        }
        assertEquals(one, three);
        assertEquals(List.of(0.5, 4.0, 2 * Math.PI), one.stream().map(SweepPoint::value).toList());
        for (SweepPoint point : one) {
            assertEquals(Objectives.measure(vicsek.at(point.value()), 5, 60, 2, vicsek.objectives()), point.measurement());
        }
    }

    @Test
    void filesHoldTheTableAndReadableCharts(@TempDir Path dir) throws Exception {
        Validation.Couzin couzin = new Validation.Couzin(COUZIN, List.of(0.0, 6.0), 14, new Validation.Schedule(40, 2, 3));
        List<SweepPoint> points;
        try (ExecutorService executor = Executors.newFixedThreadPool(2)) {
            points = Sweep.run(couzin, executor);
        }
        Path out = dir.resolve("new/sub");
        List<Path> files = ValidationFiles.write(couzin, points, out);
        assertEquals(List.of(out.resolve("couzin.csv"), out.resolve("couzin.png"), out.resolve("couzin.svg")), files);

        List<String> rows = Files.readAllLines(files.get(0));
        assertEquals("dr_o,polarization_mean,polarization_sd,polarization_ci95_low,polarization_ci95_high,milling_mean,milling_sd,"
                        + "milling_ci95_low,milling_ci95_high,state,replicate_states",
                rows.getFirst());
        assertEquals(3, rows.size());
        for (int p = 0; p < 2; p++) {
            String[] cells = rows.get(p + 1).split(",");
            Measurement measurement = points.get(p).measurement();
            assertEquals(points.get(p).value(), Double.parseDouble(cells[0]));
            assertEquals(measurement.mean(0), Double.parseDouble(cells[1]));
            assertEquals(measurement.sd(0), Double.parseDouble(cells[2]));
            assertEquals(measurement.interval(0).low(), Double.parseDouble(cells[3]));
            assertEquals(measurement.interval(0).high(), Double.parseDouble(cells[4]));
            assertTrue(Double.parseDouble(cells[4]) <= 1, "a polarization's interval ends at 1 at most: " + cells[4]);
            assertEquals(measurement.mean(1), Double.parseDouble(cells[5]));
            assertEquals(CollectiveState.of(measurement.mean(0), measurement.mean(1)).label(), cells[9]);
            assertEquals(2, cells[10].split(";").length);
        }
        // each point's bar is its interval as the CSV gives it, not a symmetric ± half-width
        org.knowm.xchart.XYChart chart = ValidationChart.of(couzin, points);
        for (int p = 0; p < 2; p++) {
            org.knowm.xchart.XYSeries bar = chart.getSeries("polarization φ, mean and 95% CI interval " + p);
            org.junit.jupiter.api.Assertions.assertArrayEquals(points.get(p).measurement().ci95(0), bar.getYData());
        }
        BufferedImage png = ImageIO.read(files.get(1).toFile());
        assertEquals(ValidationChart.WIDTH, png.getWidth());
        assertEquals(ValidationChart.HEIGHT, png.getHeight());
        String svg = Files.readString(files.get(2));
        assertTrue(svg.contains("<svg") && svg.strip().endsWith("</svg>"), "an SVG document");
        try (var left = Files.list(out)) {
            assertEquals(3, left.count(), "no temporary files left");
        }
    }
}
