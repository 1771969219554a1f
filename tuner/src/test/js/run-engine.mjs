// Runs flock.mjs headless for WebEngineTest: node run-engine.mjs ENGINE.mjs MANIFEST.json
// MANIFEST: [{"preset": FILE, "init": STATE.csv or null, "seed": "decimal", "steps": N, "out": TRACE.csv}]
// Each case writes the state of every step (0 = initial) as a state CSV trace. With "init" null
// the initial state is drawn from the seed as Java's Simulation.of(preset, seed) draws it.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [enginePath, manifestPath] = process.argv.slice(2);
const engine = await import(pathToFileURL(enginePath).href);
const cases = JSON.parse(readFileSync(manifestPath, "utf8"));
for (const c of cases) {
  const preset = JSON.parse(readFileSync(c.preset, "utf8"));
  const sim = c.init == null
    ? engine.Simulation.fromSeed(preset, BigInt(c.seed))
    : engine.Simulation.fromState(preset, BigInt(c.seed), engine.parseStateCsv(readFileSync(c.init, "utf8")));
  const rows = ["step,kind,id,x,y,z,vx,vy,vz", ...engine.stateCsvRows(sim)];
  for (let k = 0; k < c.steps; k++) {
    sim.step();
    rows.push(...engine.stateCsvRows(sim));
  }
  writeFileSync(c.out, rows.join("\n") + "\n");
}
