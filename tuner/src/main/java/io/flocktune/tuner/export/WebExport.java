package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;

import java.util.Map;
import java.util.Set;

/**
 * {@code web}: {@code NAME.html}, the {@link WebPlayer} page that flies the preset live in any
 * browser, offline, with sliders for its parameters (the tuned ones first). A field whose rule
 * variant the page's JavaScript engine does not run ({@link WebPlayer#unsupported}; none today)
 * is listed as unrepresented, and the page replays a recorded run of the preset instead
 * ({@value #REPLAY_STEPS} steps from seed {@value WebPlayer#DEFAULT_SEED}).
 */
public final class WebExport implements Exporter {
    /** Steps of the recorded run a page replays when its engine cannot run the preset live. */
    static final long REPLAY_STEPS = 1000;
    /** Frames of that recording. */
    static final int REPLAY_FRAMES = 250;

    @Override
    public String format() {
        return "web";
    }

    @Override
    public String description() {
        return "one self-contained HTML page that flies the preset live in a browser (NAME.html)";
    }

    @Override
    public Export export(TunedPreset tuned) {
        Preset p = tuned.preset();
        Set<String> unsupported = WebPlayer.unsupported(p);
        Trajectory replay = unsupported.isEmpty() ? null
                : Trajectory.record(p.name(), p, WebPlayer.DEFAULT_SEED, REPLAY_STEPS, REPLAY_FRAMES);
        Code.Gaps gaps = new Code.Gaps();
        for (String path : unsupported) {
            gaps.add(path, "the web player's engine does not run it live; the page replays a recorded run ("
                    + REPLAY_STEPS + " steps, seed " + WebPlayer.DEFAULT_SEED + ")");
        }
        String page = WebPlayer.page(p, tuned.tunedPaths(), replay);
        return new Export(Map.of(Code.fileName(p.name()) + ".html", page), gaps.list());
    }
}
