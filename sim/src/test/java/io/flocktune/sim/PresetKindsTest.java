package io.flocktune.sim;

import io.flocktune.sim.peer.EvoFlock;
import io.flocktune.sim.peer.EvoFlockKernel;
import io.flocktune.sim.peer.MasonFlockers;
import io.flocktune.sim.peer.MasonFlockersKernel;
import io.flocktune.sim.peer.NetLogoFlocking;
import io.flocktune.sim.peer.NetLogoFlockingKernel;
import io.flocktune.sim.peer.PeerKernel;
import io.flocktune.sim.peer.PeerModel;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A preset is a rule set or a peer model, and nothing of the one is in the other. */
class PresetKindsTest {
    private static final Set<String> PEERS = Set.of("mason-flockers", "netlogo-flocking", "evoflock");

    /** What runs a preset, by an exhaustive switch: no default, so a third kind would not compile. */
    private static String model(Preset preset) {
        return switch (preset) {
            case Preset.RuleSet rules -> "rules, separation " + Kinds.of(rules.separation());
            case Preset.Peer peer -> "peer " + Kinds.of(peer.peer());
        };
    }

    @Test
    void everyBuiltInIsARuleSetOrAPeerModel() {
        for (Preset preset : Presets.all().values()) {
            boolean peer = PEERS.contains(preset.name());
            assertEquals(peer, model(preset).startsWith("peer "), preset.name());
            assertEquals(peer, preset instanceof Preset.Peer, preset.name());
            assertSame(preset, peer ? Presets.peer(preset.name()) : Presets.rules(preset.name()));
        }
        assertEquals("peer netLogoFlocking", model(Presets.get("netlogo-flocking")));
        assertEquals("rules, separation inverseDistance", model(Presets.get("reynolds")));
    }

    @Test
    void aPeerPresetHasNoRuleSectionsAndARuleSetNoPeer() {
        assertEquals(List.of("format", "name", "description", "world", "boids", "peer"), names(Preset.Peer.class));
        assertEquals(List.of("format", "name", "description", "world", "boids", "update", "neighbourhood", "separation",
                "alignment", "cohesion", "motion", "predators", "obstacles", "goal", "noise", "customRules"),
                names(Preset.RuleSet.class));
        assertEquals(0, Presets.peer("mason-flockers").predatorCount());
        assertTrue(Arrays.stream(PeerModel.class.getPermittedSubclasses()).allMatch(Class::isRecord), "only the peers' models");
    }

    @Test
    void askingForTheOtherKindByNameNamesTheKnownOnes() {
        NoSuchElementException rules = assertThrows(NoSuchElementException.class, () -> Presets.rules("netlogo-flocking"));
        assertEquals("no built-in rule set \"netlogo-flocking\"; rule sets: reynolds, seed000, seed000-fixed, seed001, "
                + "seed001-fixed, seed002, seed003, seed003-fixed, seed004, vicsek, couzin", rules.getMessage());
        NoSuchElementException peer = assertThrows(NoSuchElementException.class, () -> Presets.peer("reynolds"));
        assertEquals("no built-in peer model \"reynolds\"; peer models: mason-flockers, netlogo-flocking, evoflock",
                peer.getMessage());
    }

    /**
     * The peers' package reads a preset's world and boids ({@link Scene}) and nothing else of it:
     * no signature in it names {@link Preset} or a type declared in it, so the package depends on
     * {@code sim}'s scene but {@code Preset} is the only one of the two that knows the other.
     */
    @Test
    void thePeersPackageNamesNoPresetType() {
        List<Class<?>> peerPackage = new ArrayList<>(List.of(PeerModel.class, PeerKernel.class, EvoFlock.class,
                EvoFlockKernel.class, MasonFlockers.class, MasonFlockersKernel.class, NetLogoFlocking.class,
                NetLogoFlockingKernel.class));
        for (Class<?> c : List.copyOf(peerPackage)) peerPackage.addAll(List.of(c.getDeclaredClasses()));
        List<String> named = new ArrayList<>();
        for (Class<?> c : peerPackage) {
            List<Class<?>> types = new ArrayList<>();
            for (Field f : c.getDeclaredFields()) types.add(f.getType());
            for (Method m : c.getDeclaredMethods()) types.add(m.getReturnType());
            List<Executable> code = new ArrayList<>(List.of(c.getDeclaredMethods()));
            code.addAll(List.of(c.getDeclaredConstructors()));
            for (Executable e : code) types.addAll(List.of(e.getParameterTypes()));
            for (Class<?> t : types) {
                Class<?> outer = t.isArray() ? t.getComponentType() : t;
                while (outer.getEnclosingClass() != null) outer = outer.getEnclosingClass();
                if (outer == Preset.class) named.add(c.getSimpleName() + " names " + t.getName());
            }
        }
        assertEquals(List.of(), named);
    }

    @Test
    void aPeerRunHasNoPredatorsAndStepsOnItsOwnKernel() {
        Simulation sim = Simulation.of(Presets.get("mason-flockers"), 3).parallel(2);
        sim.run(5, (step, flock) -> {});
        assertEquals(0, sim.flock().predatorCount());
        assertEquals(List.of(), sim.captures());
        assertTrue(sim.peer() instanceof MasonFlockersKernel);
        assertEquals(null, Simulation.of(Presets.get("reynolds"), 3).peer());
    }

    private static List<String> names(Class<? extends Record> record) {
        return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList();
    }
}
