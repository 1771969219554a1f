// flocktune's flock engine in JavaScript: a transcription of the Java engine
// (sim/src/main/java/io/flocktune/sim/Simulation.java, Predation.java, Turning.java,
// BoidRandom.java and the rule Javadoc in sim/.../rule/*.java) that runs a flocktune-preset/1
// preset. Every rule variant of the Java engine is here; a test (tuner's WebEngineTest) runs
// each from the same state as `./flocktune simulate --init STATE.csv --trace` for 50 steps and
// requires agreement within 1e-9. What differs: the Java engine visits neighbours in grid-cell
// order, this one in id order (the sums agree up to rounding).
//
// Random draws replicate Java's exactly: SplittableRandom(seed) for the initial state and the
// run key, and the keyed SplitMix64 streams of BoidRandom (run key, step, boid id) for noise,
// Vicsek's eta and Couzin's heading error, in 64-bit arithmetic on two 32-bit halves.

export const FORMAT = "flocktune-preset/1";

// ------------------------------------------------------------------ 64-bit arithmetic

/** A 64-bit unsigned integer as two uint32 halves [hi, lo]. */
const GOLDEN = [0x9e3779b9, 0x7f4a7c15];
const M1 = [0xbf58476d, 0x1ce4e5b9];
const M2 = [0x94d049bb, 0x133111eb];
const TWO32 = 4294967296;

function add64(ah, al, bh, bl, out) {
  const lo = al + bl;
  out[1] = lo >>> 0;
  out[0] = (ah + bh + (lo >= TWO32 ? 1 : 0)) >>> 0;
}

/** (a · b) mod 2^64 */
function mul64(ah, al, bh, bl, out) {
  const a0 = al & 0xffff, a1 = al >>> 16, b0 = bl & 0xffff, b1 = bl >>> 16;
  const mid = a0 * b1 + a1 * b0;                       // < 2^33, exact
  const low = a0 * b0 + (mid % 65536) * 65536;         // < 2^49, exact
  out[1] = low >>> 0;
  const carry = Math.floor(low / TWO32);
  out[0] = (a1 * b1 + Math.floor(mid / 65536) + carry + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
}

/** z ^ (z >>> s), 0 < s < 32 */
function xorShift(v, s) {
  const hi = v[0], lo = v[1];
  v[1] = (lo ^ ((lo >>> s) | (hi << (32 - s)))) >>> 0;
  v[0] = (hi ^ (hi >>> s)) >>> 0;
}

/** Stafford's variant 13 of the MurmurHash3 finaliser (Java's SplittableRandom.mix64), in place. */
function mix64(v) {
  xorShift(v, 30); mul64(v[0], v[1], M1[0], M1[1], v);
  xorShift(v, 27); mul64(v[0], v[1], M2[0], M2[1], v);
  xorShift(v, 31);
}

/** @return (v >>> 11) · 2^-53, a double in [0, 1) */
function unitDouble(v) {
  return (v[0] * 2097152 + (v[1] >>> 11)) * 1.1102230246251565e-16;
}

/** A Java long (number, BigInt or decimal string) as [hi, lo]. */
export function toLong(value) {
  const b = BigInt.asUintN(64, BigInt(value));
  return [Number(b >> 32n), Number(b & 0xffffffffn)];
}

/** java.util.SplittableRandom(seed): nextLong and nextDouble, bit for bit. */
export class SplittableRandom {
  constructor(seed) {
    this.seed = toLong(seed);
    this.z = [0, 0];
  }

  nextLongHalves() {
    add64(this.seed[0], this.seed[1], GOLDEN[0], GOLDEN[1], this.seed);
    this.z[0] = this.seed[0]; this.z[1] = this.seed[1];
    mix64(this.z);
    return [this.z[0], this.z[1]];
  }

  nextDouble() {
    const v = this.nextLongHalves();
    return unitDouble(v);
  }
}

/** The engine's keyed per-step streams (BoidRandom): a pure function of (run key, step, id). */
class BoidRandom {
  constructor(runKey) {
    this.runKey = runKey;
    this.state = [0, 0];
    this.t = [0, 0];
    this.z = [0, 0];
  }

  /** state = mix64(mix64(runKey + step·GOLDEN) + id) */
  start(step, id) {
    const s = this.state, t = this.t;
    mul64(Math.floor(step / TWO32) >>> 0, step >>> 0, GOLDEN[0], GOLDEN[1], t);
    add64(this.runKey[0], this.runKey[1], t[0], t[1], s);
    mix64(s);
    add64(s[0], s[1], 0, id >>> 0, s);
    mix64(s);
  }

  nextDouble() {
    const s = this.state, z = this.z;
    add64(s[0], s[1], GOLDEN[0], GOLDEN[1], s);
    z[0] = s[0]; z[1] = s[1];
    mix64(z);
    return unitDouble(z);
  }

  nextGaussian() {
    const u = 1.0 - this.nextDouble();
    const v = this.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

// ------------------------------------------------------------------ geometry helpers

function minimumImage(delta, size) {
  const half = 0.5 * size;
  if (delta > half) return delta - size;
  if (delta < -half) return delta + size;
  return delta;
}

function wrap(c, size) {
  const half = 0.5 * size;
  if (c >= half) c -= size;
  else if (c < -half) c += size;
  if (c >= half || c < -half) {
    c -= size * Math.floor((c + half) / size);
    if (c < -half) c += size;   // the reduction rounds to either side (Periodic.wrap)
    if (c >= half) c = -half;
  }
  return c;
}

function wrapAngle(a) {
  const twoPi = 2 * Math.PI;
  a = a % twoPi;
  if (a > Math.PI) a -= twoPi;
  else if (a <= -Math.PI) a += twoPi;
  return a;
}

function clamp(v, lo, hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Turning.toward: the unit heading h turned toward the unit direction g by at most maxAngle. */
function toward(hx, hy, hz, gx, gy, gz, maxAngle, threeD, out) {
  const cos = clamp(hx * gx + hy * gy + hz * gz, -1, 1);
  const angle = Math.acos(cos);
  if (angle <= maxAngle) {
    out[0] = gx; out[1] = gy; out[2] = gz;
    return;
  }
  let px = gx - cos * hx, py = gy - cos * hy, pz = gz - cos * hz;
  let len = Math.sqrt(px * px + py * py + pz * pz);
  if (len < 1e-12) {
    if (threeD && Math.abs(hz) < 0.9) { px = -hy; py = hx; pz = 0; }
    else if (threeD) { px = 0; py = -hz; pz = hy; }
    else { px = -hy; py = hx; pz = 0; }
    len = Math.sqrt(px * px + py * py + pz * pz);
  }
  const c = Math.cos(maxAngle), sn = Math.sin(maxAngle) / len;
  out[0] = c * hx + sn * px; out[1] = c * hy + sn * py; out[2] = c * hz + sn * pz;
}

const toRadians = (deg) => deg / 180 * Math.PI;

// ------------------------------------------------------------------ the preset's variants

/**
 * The variants this engine runs, by preset field: every kind of the Java engine. Kept as data
 * so that the Java side (WebPlayer.unsupported) and the page agree on one list.
 */
export const SUPPORTED = Object.freeze({
  "world.boundary": ["wrap", "wrapPositionsOnly", "softMargin", "hard", "none"],
  neighbourhood: ["metric", "metricExcludingCoincident", "fieldOfView", "topological", "global"],
  separation: ["linear", "inverseDistance", "inverseSquareClamped", "normalized", "zonal"],
  alignment: ["velocityMatch", "summedVelocityMatch", "meanVelocityLimited", "headingBlend", "circularHeadingBlend", "meanForward", "vicsek", "zonal"],
  cohesion: ["centroid", "steerTo", "unitToCentroid", "zonal"],
  motion: ["additive", "moveThenClamp", "unclamped", "steering", "constantSpeed", "turningRate"],
  "predators.behaviour": ["chaseCentroid", "chaseNearest", "chaseVisibleCentroid"],
  "obstacles.avoidance": ["forceField", "steerToAvoid"],
});

function kindAt(preset, path) {
  let node = preset;
  for (const key of path.split(".")) node = node == null ? undefined : node[key];
  return node == null ? undefined : node.kind;
}

/** @return the preset field paths whose variant this engine does not run (empty: runs live). */
export function unsupported(preset) {
  if (preset.peer && preset.peer.kind !== "none") return ["peer"];   // a peer's whole model: replayed (WebPlayer.unsupported)
  const out = [];
  if (preset.format !== FORMAT) out.push("format");
  for (const [path, kinds] of Object.entries(SUPPORTED)) {
    if (!kinds.includes(kindAt(preset, path))) out.push(path);
  }
  if (!["synchronous", "sequential", "sequential_in_place"].includes(preset.update)) out.push("update");
  return out;
}

// ------------------------------------------------------------------ the simulation

/**
 * A running flock. Boids live in arrays in ascending id order (x, y, z, vx, vy, vz, id; the
 * first `count` entries), predators in px … pvz. 2D keeps every z at 0.
 */
export class Simulation {
  /**
   * As Java's Simulation.of(preset, seed): the random initial state and run key from
   * SplittableRandom(seed), bit for bit.
   */
  static fromSeed(preset, seed) {
    const random = new SplittableRandom(seed);
    const threeD = preset.world.dimension === 3;
    const n = preset.boids.count;
    const spawn = Math.min(preset.boids.spawnSize, preset.world.size);
    const speed = preset.boids.initialSpeed;
    const boids = [];
    for (let i = 0; i < n; i++) {
      const x = spawn * (random.nextDouble() - 0.5);
      const y = spawn * (random.nextDouble() - 0.5);
      const z = threeD ? spawn * (random.nextDouble() - 0.5) : 0;
      let ux, uy, uz;
      if (threeD) {
        const cz = 2 * random.nextDouble() - 1;
        const phi = 2 * Math.PI * random.nextDouble();
        const r = Math.sqrt(Math.max(0, 1 - cz * cz));
        ux = r * Math.cos(phi); uy = r * Math.sin(phi); uz = cz;
      } else {
        const phi = 2 * Math.PI * random.nextDouble();
        ux = Math.cos(phi); uy = Math.sin(phi); uz = 0;
      }
      boids.push({ id: i, x, y, z, vx: speed * ux, vy: speed * uy, vz: speed * uz });
    }
    const predators = Simulation.drawPredators(preset, random);
    return new Simulation(preset, boids, predators, random.nextLongHalves());
  }

  /**
   * As Java's Simulation.of(preset, seed, state) (predators given) or ofBoids (predators null
   * or empty: drawn from the seed as fromSeed draws them).
   *
   * @param state {boids: [{id, x, y, z, vx, vy, vz}], predators: [...] or null}
   */
  static fromState(preset, seed, state) {
    const random = new SplittableRandom(seed);
    let predators = state.predators;
    if (!predators || predators.length === 0) predators = Simulation.drawPredators(preset, random);
    return new Simulation(preset, state.boids, predators, random.nextLongHalves());
  }

  static drawPredators(preset, random) {
    const threeD = preset.world.dimension === 3;
    const world = preset.world.size;
    const out = [];
    for (let k = 0; k < preset.predators.count; k++) {
      const x = world * (random.nextDouble() - 0.5);
      const y = world * (random.nextDouble() - 0.5);
      const z = threeD ? world * (random.nextDouble() - 0.5) : 0;
      out.push({ x, y, z, vx: 0, vy: 0, vz: 0 });
    }
    return out;
  }

  constructor(preset, boids, predators, runKey) {
    const missing = unsupported(preset);
    if (missing.length > 0) throw new Error("preset variants not supported by the JS engine: " + missing.join(", "));
    this.preset = preset;
    this.random = new BoidRandom(runKey);
    this.stepCount = 0;
    this.captures = [];
    const sorted = [...boids].sort((a, b) => a.id - b.id);
    const n = sorted.length;
    this.count = n;
    this.capacity = n;
    const arrays = ["x", "y", "z", "vx", "vy", "vz"];
    for (const a of arrays) this[a] = new Float64Array(n);
    this.id = new Int32Array(n);
    sorted.forEach((b, i) => {
      this.id[i] = b.id;
      for (const a of arrays) this[a][i] = b[a];
    });
    const m = predators.length;
    this.predatorCount = m;
    for (const a of arrays) this["p" + a] = new Float64Array(m);
    predators.forEach((p, k) => { for (const a of arrays) this["p" + a][k] = p[a]; });
    this.nx = new Float64Array(n); this.ny = new Float64Array(n); this.nz = new Float64Array(n);
    this.nvx = new Float64Array(n); this.nvy = new Float64Array(n); this.nvz = new Float64Array(n);
    this.ux = new Float64Array(n); this.uy = new Float64Array(n); this.uz = new Float64Array(n);
    this.heading = new Float64Array(n);
    this.turned = new Float64Array(3);
    this.nearSlots = new Int32Array(0);
    this.nearD2 = new Float64Array(0);
    this.configure();
  }

  /** Reads the preset's parameters (again, after a slider changed one) into plain fields. */
  configure() {
    const p = this.preset;
    this.threeD = p.world.dimension === 3;
    this.size = p.world.size;
    this.half = 0.5 * this.size;
    this.sequential = p.update !== "synchronous";
    this.inPlace = p.update === "sequential_in_place";
    const b = p.world.boundary;
    this.bnd = b.kind;
    this.periodic = b.kind === "wrap";
    this.wrapPositions = b.kind === "wrap" || b.kind === "wrapPositionsOnly";
    this.softMargin = b.kind === "softMargin" ? b.margin : 0;
    this.softTurn = b.kind === "softMargin" ? b.turn : 0;

    const s = p.separation;
    this.sep = s.kind;
    this.sepR2 = s.radius * s.radius;
    this.sepWeight = s.weight;
    this.sepStrength = s.kind === "inverseSquareClamped" ? s.strength : 0;
    this.sepMaxForce = s.kind === "inverseSquareClamped" ? s.maxForce : 0;

    const nb = p.neighbourhood;
    this.excludeCoincident = nb.kind === "metricExcludingCoincident";
    this.nb = this.excludeCoincident ? "metric" : nb.kind;
    this.nbR2 = this.nb === "metric" || nb.kind === "fieldOfView" ? nb.radius * nb.radius : 0;
    this.fieldOfViewCos = nb.kind === "fieldOfView" && nb.angle < 360 ? Math.cos(toRadians(nb.angle / 2)) : -2;
    this.topologicalCount = nb.kind === "topological" ? nb.count : 0;
    if (this.nearSlots.length < this.topologicalCount) {
      this.nearSlots = new Int32Array(this.topologicalCount);
      this.nearD2 = new Float64Array(this.topologicalCount);
    }
    this.global = nb.kind === "global";

    const a = p.alignment;
    this.ali = a.kind;
    this.aliWeight = a.weight;
    this.aliMaxForce = a.kind === "meanVelocityLimited" ? a.maxForce : 0;
    this.vicsekNoise = a.kind === "vicsek" ? a.noise : 0;
    this.orientationR2 = a.kind === "zonal" ? a.radius * a.radius : 0;
    this.needUnit = ["meanForward", "circularHeadingBlend", "vicsek", "zonal"].includes(a.kind);
    this.needHeading = a.kind === "headingBlend";

    const c = p.cohesion;
    this.coh = c.kind;
    this.cohWeight = c.weight;
    this.cohArrival = c.kind === "steerTo" ? c.arrivalRadius : 0;
    this.cohMaxForce = c.kind === "steerTo" ? c.maxForce : 0;

    this.minSpeed = p.boids.minSpeed;
    this.maxSpeed = p.boids.maxSpeed;
    const mo = p.motion;
    this.mot = mo.kind;
    this.dt = mo.dt;
    this.motMaxForce = mo.kind === "steering" ? mo.maxForce : 0;
    this.constSpeed = mo.kind === "constantSpeed" || mo.kind === "turningRate" ? mo.speed : 0;
    this.turnFactor = mo.kind === "constantSpeed" ? mo.turnFactor : 0;
    this.maxTurnPerStep = mo.kind === "turningRate" ? toRadians(mo.maxTurnRate) * mo.dt : 0;
    this.headingError = mo.kind === "turningRate" ? mo.headingError : 0;

    const g = p.goal;
    this.goalX = g.x; this.goalY = g.y; this.goalZ = g.z;
    this.goalR2 = g.radius * g.radius; this.goalWeight = g.weight;

    const pr = p.predators;
    this.fleeR2 = pr.fleeRadius * pr.fleeRadius;
    this.fleeWeight = pr.fleeWeight;
    this.predMaxSpeed = pr.maxSpeed;
    this.captureR2 = pr.captureRadius * pr.captureRadius;
    this.removeOnCapture = pr.removeOnCapture;
    const pb = pr.behaviour;
    this.predKind = pb.kind;
    this.predPower = pb.kind === "chaseCentroid" ? pb.power : 0;
    this.predSightR2 = pb.kind === "chaseCentroid" ? 0 : pb.visualRange * pb.visualRange;
    this.predViewCos = pb.kind === "chaseCentroid" || pb.fieldOfView >= 360 ? -2 : Math.cos(toRadians(pb.fieldOfView / 2));
    // predators keep the boids' clock: velocities per time unit, a step moves u·dt (Predation)
    this.predDt = p.motion.dt;
    this.predMaxTurn = pb.kind === "chaseCentroid" ? 0 : toRadians(pb.maxTurn) * this.predDt;

    const spheres = p.obstacles.spheres;
    this.obsX = spheres.map((o) => o.x); this.obsY = spheres.map((o) => o.y);
    this.obsZ = spheres.map((o) => o.z); this.obsR = spheres.map((o) => o.radius);
    const av = p.obstacles.avoidance;
    this.obs = av.kind;
    this.obsRange = av.kind === "forceField" ? av.range : av.lookAhead;
    this.obsWeight = av.weight;
    this.obsClearance = av.kind === "steerToAvoid" ? av.clearance : 0;
    this.noise = p.noise.strength;
    // a sequential step whose length is not bounded by maxSpeed·dt: a boid that moved farther than
    // the grid's slack makes the rest of the step scan every boid, as the Java engine does
    this.stepUnbounded = this.sequential && (mo.kind === "moveThenClamp" || mo.kind === "unclamped");
    this.drawsPerBoid = this.noise > 0 || this.ali === "vicsek" || (this.mot === "turningRate" && this.headingError > 0);
  }

  delta(d) {
    return this.periodic ? minimumImage(d, this.size) : d;
  }

  cacheUnit(s) {
    const a = this.vx[s], b = this.vy[s], c = this.vz[s];
    const len = Math.sqrt(a * a + b * b + c * c);
    if (len > 0) { this.ux[s] = a / len; this.uy[s] = b / len; this.uz[s] = c / len; }
    else { this.ux[s] = 0; this.uy[s] = 0; this.uz[s] = 0; }
  }

  addToGlobalSums(s, sign) {
    const g = this.g;
    g.px += sign * this.x[s]; g.py += sign * this.y[s]; g.pz += sign * this.z[s];
    g.vx += sign * this.vx[s]; g.vy += sign * this.vy[s]; g.vz += sign * this.vz[s];
    if (this.needUnit) { g.ux += sign * this.ux[s]; g.uy += sign * this.uy[s]; g.uz += sign * this.uz[s]; }
    if (this.needHeading) g.heading += sign * this.heading[s];
  }

  /**
   * Sorts the boids into cells of side >= the interaction reach (+ the largest step in a
   * sequential update, as the Java grid does), so a boid's candidates are the boids of its
   * 3^d block of cells; in a periodic world with fewer than 3 cells a side, every boid is a
   * candidate. Only the candidates' visiting order differs from all pairs (rounding only).
   */
  buildGrid() {
    const n = this.count, threeD = this.threeD;
    const metric = this.nb === "metric" || this.nb === "fieldOfView";
    let reach = Math.sqrt(Math.max(this.sepR2, metric ? this.nbR2 : 0));
    this.slack = 0;
    if (this.sequential) {
      this.slack = this.mot === "constantSpeed" || this.mot === "turningRate" ? this.constSpeed * this.dt : this.maxSpeed * this.dt;
      reach += this.slack;
    }
    const x = this.x, y = this.y, z = this.z;
    let lo = [0, 0, 0], hi = [0, 0, 0];
    const wrapCells = this.wrapPositions;      // wrapPositionsOnly: the cells wrap with the positions, distances do not
    if (wrapCells) {
      lo = [-this.half, -this.half, -this.half];
      hi = [this.half, this.half, this.half];
    } else {
      lo = [Infinity, Infinity, threeD ? Infinity : 0]; hi = [-Infinity, -Infinity, threeD ? -Infinity : 0];
      for (let i = 0; i < n; i++) {
        if (x[i] < lo[0]) lo[0] = x[i]; if (x[i] > hi[0]) hi[0] = x[i];
        if (y[i] < lo[1]) lo[1] = y[i]; if (y[i] > hi[1]) hi[1] = y[i];
        if (threeD) { if (z[i] < lo[2]) lo[2] = z[i]; if (z[i] > hi[2]) hi[2] = z[i]; }
      }
    }
    const dims = threeD ? 3 : 2;
    let cell = reach;
    const cellsFor = (c) => [0, 1, 2].map((d) => (d < dims ? Math.max(1, Math.floor((hi[d] - lo[d]) / c) || 1) : 1));
    let cells = cellsFor(cell);
    while (cells[0] * cells[1] * cells[2] > 4 * n + 64) { cell *= 1.5; cells = cellsFor(cell); }
    const all = !(reach > 0) || !Number.isFinite(reach)
      || (wrapCells && (cells[0] < 3 || cells[1] < 3 || (threeD && cells[2] < 3)));
    const g = this.grid || (this.grid = {});
    g.all = all;
    if (!g.order || g.order.length < this.capacity) {
      g.order = new Int32Array(this.capacity); g.home = new Int32Array(this.capacity);
      g.hx = new Int32Array(this.capacity); g.hy = new Int32Array(this.capacity); g.hz = new Int32Array(this.capacity);
    }
    if (all) {
      for (let i = 0; i < n; i++) g.order[i] = i;
      return;
    }
    g.cells = Int32Array.from(cells);
    g.lo = lo;
    g.width = [0, 1, 2].map((d) => (d < dims ? (hi[d] - lo[d]) / cells[d] : 1));
    const total = cells[0] * cells[1] * cells[2];
    if (!g.start || g.start.length < total + 1) g.start = new Int32Array(total + 1);
    const start = g.start, order = g.order, home = g.home;
    start.fill(0, 0, total + 1);
    const cx = g.cells[0], cy = g.cells[1];
    for (let i = 0; i < n; i++) {
      const a = this.cellCoordinate(x[i], 0), b = this.cellCoordinate(y[i], 1), d = this.cellCoordinate(z[i], 2);
      g.hx[i] = a; g.hy[i] = b; g.hz[i] = d;
      const c = (d * cy + b) * cx + a;
      home[i] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < total; c++) start[c + 1] += start[c];
    const fill = g.fill && g.fill.length >= total ? g.fill : (g.fill = new Int32Array(total));
    fill.set(start.subarray(0, total));
    for (let i = 0; i < n; i++) order[fill[home[i]]++] = i;
  }

  /** Writes into this.runs the [from, to) ranges of grid.order holding slot s's candidates; returns their number. */
  candidateRuns(s) {
    const g = this.grid;
    if (!this.runs) this.runs = new Int32Array(2 * 27);
    const runs = this.runs;
    if (g.all || this.scanAll) { runs[0] = 0; runs[1] = this.count; return 1; }   // grid.order holds every boid
    const cells = g.cells, start = g.start, periodic = this.wrapPositions;
    const hx0 = g.hx[s], hy0 = g.hy[s], hz0 = g.hz[s];
    const zr = this.threeD ? 1 : 0;
    let count = 0;
    for (let oz = -zr; oz <= zr; oz++) {
      let cz = hz0 + oz;
      if (cz < 0) { if (!periodic) continue; cz += cells[2]; } else if (cz >= cells[2]) { if (!periodic) continue; cz -= cells[2]; }
      for (let oy = -1; oy <= 1; oy++) {
        let cy = hy0 + oy;
        if (cy < 0) { if (!periodic) continue; cy += cells[1]; } else if (cy >= cells[1]) { if (!periodic) continue; cy -= cells[1]; }
        for (let ox = -1; ox <= 1; ox++) {
          let cx = hx0 + ox;
          if (cx < 0) { if (!periodic) continue; cx += cells[0]; } else if (cx >= cells[0]) { if (!periodic) continue; cx -= cells[0]; }
          const c = (cz * cells[1] + cy) * cells[0] + cx;
          if (start[c] < start[c + 1]) { runs[2 * count] = start[c]; runs[2 * count + 1] = start[c + 1]; count++; }
        }
      }
    }
    return count;
  }

  cellCoordinate(v, d) {
    const g = this.grid;
    const c = Math.floor((v - g.lo[d]) / g.width[d]);
    return c < 0 ? 0 : c >= g.cells[d] ? g.cells[d] - 1 : c | 0;
  }


  /** Advances the flock and the predators by one step (Simulation.step). */
  step() {
    const n = this.count;
    this.buildGrid();
    if (this.needUnit) for (let s = 0; s < n; s++) this.cacheUnit(s);
    if (this.needHeading) for (let s = 0; s < n; s++) this.heading[s] = Math.atan2(this.vy[s], this.vx[s]);
    if (this.global) {
      this.g = { px: 0, py: 0, pz: 0, vx: 0, vy: 0, vz: 0, ux: 0, uy: 0, uz: 0, heading: 0 };
      for (let s = 0; s < n; s++) this.addToGlobalSums(s, +1);
    }
    if (this.ali === "summedVelocityMatch") {
      this.lastId = -1;
      for (let s = 0; s < n; s++) this.lastId = Math.max(this.lastId, this.id[s]);
    }
    this.scanAll = false;
    if (this.sequential) {
      // one by one in id order (the arrays are in id order), in place
      const slack2 = this.slack * this.slack;
      for (let s = 0; s < n; s++) {
        if (this.global) this.addToGlobalSums(s, -1);
        const ox = this.x[s], oy = this.y[s], oz = this.z[s];
        this.updateBoid(s, n, this.x, this.y, this.z, this.vx, this.vy, this.vz);
        if (this.stepUnbounded && !this.scanAll) {
          let dx = this.x[s] - ox, dy = this.y[s] - oy, dz = this.z[s] - oz;
          if (this.wrapPositions) {
            dx = minimumImage(dx, this.size); dy = minimumImage(dy, this.size); dz = minimumImage(dz, this.size);
          }
          this.scanAll = dx * dx + dy * dy + dz * dz > slack2;
        }
        if (this.needUnit) this.cacheUnit(s);
        if (this.needHeading) this.heading[s] = Math.atan2(this.vy[s], this.vx[s]);
        if (this.global) this.addToGlobalSums(s, +1);
      }
    } else {
      for (let s = 0; s < n; s++) this.updateBoid(s, n, this.nx, this.ny, this.nz, this.nvx, this.nvy, this.nvz);
      let t;
      t = this.x; this.x = this.nx; this.nx = t;
      t = this.y; this.y = this.ny; this.ny = t;
      t = this.z; this.z = this.nz; this.nz = t;
      t = this.vx; this.vx = this.nvx; this.nvx = t;
      t = this.vy; this.vy = this.nvy; this.nvy = t;
      t = this.vz; this.vz = this.nvz; this.nvz = t;
    }
    if (this.mot === "moveThenClamp") this.clampThenBound(n);
    this.stepCount++;
    if (this.predatorCount > 0) {
      this.movePredators();
      this.capture(this.stepCount);
    }
  }

  /** moveThenClamp's end of step: every speed clamped, then the soft margin's turn or the hard bound by the new position. */
  clampThenBound(n) {
    const x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz;
    const half = this.half, lo = -half - this.softMargin, hi = half + this.softMargin, turn = this.softTurn;
    for (let s = 0; s < n; s++) {
      const speed = Math.sqrt(vx[s] * vx[s] + vy[s] * vy[s] + vz[s] * vz[s]);
      if (speed > this.maxSpeed) {
        const f = this.maxSpeed / speed;
        vx[s] *= f; vy[s] *= f; vz[s] *= f;
      } else if (speed < this.minSpeed && speed > 0) {
        const f = this.minSpeed / speed;
        vx[s] *= f; vy[s] *= f; vz[s] *= f;
      }
      if (this.bnd === "softMargin") {
        if (x[s] < lo) vx[s] += turn; else if (x[s] > hi) vx[s] -= turn;
        if (y[s] < lo) vy[s] += turn; else if (y[s] > hi) vy[s] -= turn;
        if (this.threeD) { if (z[s] < lo) vz[s] += turn; else if (z[s] > hi) vz[s] -= turn; }
      } else if (this.bnd === "hard") {
        if (x[s] > half) { x[s] = half; vx[s] = -Math.abs(vx[s]); } else if (x[s] < -half) { x[s] = -half; vx[s] = Math.abs(vx[s]); }
        if (y[s] > half) { y[s] = half; vy[s] = -Math.abs(vy[s]); } else if (y[s] < -half) { y[s] = -half; vy[s] = Math.abs(vy[s]); }
        if (this.threeD) {
          if (z[s] > half) { z[s] = half; vz[s] = -Math.abs(vz[s]); } else if (z[s] < -half) { z[s] = -half; vz[s] = Math.abs(vz[s]); }
        }
      }
    }
  }

  /** The k nearest other boids of slot s (all pairs; ties by slot = id order, as the Java grid's slot order would break them only on exact ties). */
  nearest(s, xi, yi, zi) {
    const k = this.topologicalCount, slots = this.nearSlots, d2s = this.nearD2;
    let found = 0;
    const x = this.x, y = this.y, z = this.z;
    for (let j = 0; j < this.count; j++) {
      if (j === s) continue;
      const dx = this.delta(x[j] - xi), dy = this.delta(y[j] - yi), dz = this.delta(z[j] - zi);
      const d2 = dx * dx + dy * dy + dz * dz;
      if (found < k) {
        let at = found++;
        while (at > 0 && d2s[at - 1] > d2) { d2s[at] = d2s[at - 1]; slots[at] = slots[at - 1]; at--; }
        d2s[at] = d2; slots[at] = j;
      } else if (d2 < d2s[k - 1]) {
        let at = k - 1;
        while (at > 0 && d2s[at - 1] > d2) { d2s[at] = d2s[at - 1]; slots[at] = slots[at - 1]; at--; }
        d2s[at] = d2; slots[at] = j;
      }
    }
    return found;
  }

  /** The fused kernel (Simulation.updateBoid): new position and velocity of slot s. */
  updateBoid(s, n, outX, outY, outZ, outVx, outVy, outVz) {
    const sx = this.x, sy = this.y, sz = this.z, svx = this.vx, svy = this.vy, svz = this.vz;
    const xi = sx[s], yi = sy[s], zi = sz[s];
    const vxi = svx[s], vyi = svy[s], vzi = svz[s];
    const random = this.random;
    if (this.drawsPerBoid) random.start(this.stepCount, this.id[s]);
    const periodic = this.periodic, size = this.size, threeD = this.threeD;
    const sepR2 = this.sepR2, nbR2 = this.nbR2, orientationR2 = this.orientationR2;
    const ux = this.ux, uy = this.uy, uz = this.uz, heading = this.heading;
    const needUnit = this.needUnit, needHeading = this.needHeading;

    let sepInvCount = 0, nbCount = 0;
    let sepX = 0, sepY = 0, sepZ = 0, invX = 0, invY = 0, invZ = 0;
    let nbVx = 0, nbVy = 0, nbVz = 0, nbOx = 0, nbOy = 0, nbOz = 0;
    let nbUx = 0, nbUy = 0, nbUz = 0, nbHeading = 0;
    let zoneX = 0, zoneY = 0, zoneZ = 0, attX = 0, attY = 0, attZ = 0, attCount = 0;
    const metric = this.nb === "metric" || this.nb === "fieldOfView";
    const excludeCoincident = this.excludeCoincident;
    const zonal = this.ali === "zonal";
    const sepZonal = this.sep === "zonal";
    let viewCos = this.fieldOfViewCos, hx = 0, hy = 0, hz = 0;
    if (viewCos > -2) {
      const speed = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
      if (speed > 0) { hx = vxi / speed; hy = vyi / speed; hz = vzi / speed; } else viewCos = -2;
    }
    const reach2 = Math.max(sepR2, metric ? nbR2 : 0);
    const runCount = this.candidateRuns(s);
    const runs = this.runs, order = this.grid.order;
    for (let r = 0; r < runCount; r++) {
      for (let m = runs[2 * r], end = runs[2 * r + 1]; m < end; m++) {
        const k = order[m];
          if (k === s) continue;
          let dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
          if (periodic) {
            dx = minimumImage(dx, size); dy = minimumImage(dy, size); dz = minimumImage(dz, size);
          }
          const d2 = dx * dx + dy * dy + dz * dz;
          if (d2 >= reach2) continue;
          if (viewCos > -2 && (d2 < sepR2 || d2 < nbR2) && hx * dx + hy * dy + hz * dz < viewCos * Math.sqrt(d2)) continue;
          if (d2 < sepR2) {
            sepX -= dx; sepY -= dy; sepZ -= dz;
            if (d2 > 0) {
              const inv = 1.0 / d2;
              sepInvCount++;
              invX -= dx * inv; invY -= dy * inv; invZ -= dz * inv;
              if (sepZonal) {
                const invD = Math.sqrt(inv);
                zoneX -= dx * invD; zoneY -= dy * invD; zoneZ -= dz * invD;
              }
            }
            if (zonal) continue;
          }
          if (metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
            if (zonal) {
              if (d2 < orientationR2) {
                nbCount++;
                nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k];
              } else if (d2 > 0) {
                const invD = 1.0 / Math.sqrt(d2);
                attCount++;
                attX += dx * invD; attY += dy * invD; attZ += dz * invD;
              }
              continue;
            }
            nbCount++;
            nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
            nbOx += dx; nbOy += dy; nbOz += dz;
            if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
            if (needHeading) nbHeading += heading[k];
          }
      }
    }
    if (this.nb === "topological") {
      const found = this.nearest(s, xi, yi, zi);
      for (let m = 0; m < found; m++) {
        const k = this.nearSlots[m];
        const dx = this.delta(sx[k] - xi), dy = this.delta(sy[k] - yi), dz = this.delta(sz[k] - zi);
        nbCount++;
        nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
        nbOx += dx; nbOy += dy; nbOz += dz;
        if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
        if (needHeading) nbHeading += heading[k];
      }
    }
    if (this.global) {
      const g = this.g, seq = this.sequential;
      const others = n - 1;
      const px = seq ? g.px : g.px - xi, py = seq ? g.py : g.py - yi, pz = seq ? g.pz : g.pz - zi;
      nbCount = others;
      nbVx = seq ? g.vx : g.vx - vxi; nbVy = seq ? g.vy : g.vy - vyi; nbVz = seq ? g.vz : g.vz - vzi;
      nbOx = px - others * xi; nbOy = py - others * yi; nbOz = pz - others * zi;
      if (needUnit) {
        nbUx = seq ? g.ux : g.ux - ux[s];
        nbUy = seq ? g.uy : g.uy - uy[s];
        nbUz = seq ? g.uz : g.uz - uz[s];
      }
      if (needHeading) nbHeading = seq ? g.heading : g.heading - heading[s];
    }

    // --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
    // place (002) cohesion, alignment, separation, each reading the velocity as changed so far
    let wx = vxi, wy = vyi, wz = vzi;
    let ax = 0, ay = 0, az = 0;
    let spx = 0, spy = 0, spz = 0;          // separation's output
    let chx = 0, chy = 0, chz = 0;          // cohesion's output
    let repulsed = false;
    const sepWeight = this.sepWeight, inPlace = this.inPlace;
    switch (this.sep) {
      case "linear": spx = sepWeight * sepX; spy = sepWeight * sepY; spz = sepWeight * sepZ; break;
      case "inverseDistance":
        if (sepInvCount > 0) {
          const f = sepWeight / sepInvCount;
          spx = f * invX; spy = f * invY; spz = f * invZ;
        }
        break;
      case "inverseSquareClamped":
        if (sepInvCount > 0) {
          const mx = invX / sepInvCount, my = invY / sepInvCount, mz = invZ / sepInvCount;
          const len = Math.sqrt(mx * mx + my * my + mz * mz);
          if (len > 0) {
            const f = sepWeight * Math.min(this.sepStrength * len, this.sepMaxForce) / len;
            spx = f * mx; spy = f * my; spz = f * mz;
          }
        }
        break;
      case "normalized": {
        const len = Math.sqrt(sepX * sepX + sepY * sepY + sepZ * sepZ);
        if (len > 0) {
          const f = sepWeight / len;
          spx = f * sepX; spy = f * sepY; spz = f * sepZ;
        }
        break;
      }
      case "zonal":
        if (sepInvCount > 0) {
          repulsed = true;
          const len = Math.sqrt(zoneX * zoneX + zoneY * zoneY + zoneZ * zoneZ);
          if (len > 0) {
            const f = sepWeight / len;
            spx = f * zoneX; spy = f * zoneY; spz = f * zoneZ;
          }
        }
        break;
      default: throw new Error("separation " + this.sep);
    }
    if (repulsed) { nbCount = 0; attCount = 0; }

    const cohWeight = this.cohWeight;
    if (this.coh === "zonal") {
      const len = Math.sqrt(attX * attX + attY * attY + attZ * attZ);
      if (attCount > 0 && len > 0) {
        const f = cohWeight / len;
        chx = f * attX; chy = f * attY; chz = f * attZ;
      }
    } else if (nbCount > 0) {
      const cx = nbOx / nbCount, cy = nbOy / nbCount, cz = nbOz / nbCount;
      switch (this.coh) {
        case "centroid": chx = cohWeight * cx; chy = cohWeight * cy; chz = cohWeight * cz; break;
        case "steerTo": {
          const d = Math.sqrt(cx * cx + cy * cy + cz * cz);
          if (d > 0) {
            const desired = this.maxSpeed * (d < this.cohArrival ? d / this.cohArrival : 1) / d;
            let tx = cx * desired - vxi, ty = cy * desired - vyi, tz = cz * desired - vzi;
            const len = Math.sqrt(tx * tx + ty * ty + tz * tz);
            if (len > this.cohMaxForce) {
              const f = this.cohMaxForce / len;
              tx *= f; ty *= f; tz *= f;
            }
            chx = cohWeight * tx; chy = cohWeight * ty; chz = cohWeight * tz;
          }
          break;
        }
        case "unitToCentroid": {
          const d = Math.sqrt(cx * cx + cy * cy + cz * cz);
          if (d > 0) {
            const f = cohWeight / d;
            chx = f * cx; chy = f * cy; chz = f * cz;
          }
          break;
        }
        default: throw new Error("cohesion " + this.coh);
      }
    }

    if (inPlace) { ax += chx; ay += chy; az += chz; } else { ax += spx; ay += spy; az += spz; }
    // the own velocity alignment reads: as changed by the rules before it when in place
    const rvx = inPlace ? vxi + ax : vxi, rvy = inPlace ? vyi + ay : vyi, rvz = inPlace ? vzi + az : vzi;

    const aliWeight = this.aliWeight;
    switch (this.ali) {
      case "velocityMatch":
        if (nbCount > 0) {
          ax += aliWeight * (nbVx / nbCount - rvx);
          ay += aliWeight * (nbVy / nbCount - rvy);
          az += aliWeight * (nbVz / nbCount - rvz);
        }
        break;
      case "summedVelocityMatch":
        // 000 as printed: the mean only for the last boid (highest id), the plain sum for every other
        if (this.id[s] !== this.lastId) {
          ax += aliWeight * (nbVx - rvx); ay += aliWeight * (nbVy - rvy); az += aliWeight * (nbVz - rvz);
        } else if (nbCount > 0) {
          ax += aliWeight * (nbVx / nbCount - rvx);
          ay += aliWeight * (nbVy / nbCount - rvy);
          az += aliWeight * (nbVz / nbCount - rvz);
        }
        break;
      case "meanVelocityLimited":
        if (nbCount > 0) {
          let mx = nbVx / nbCount, my = nbVy / nbCount, mz = nbVz / nbCount;
          const len = Math.sqrt(mx * mx + my * my + mz * mz);
          if (len > this.aliMaxForce) {
            const f = this.aliMaxForce / len;
            mx *= f; my *= f; mz *= f;
          }
          ax += aliWeight * mx; ay += aliWeight * my; az += aliWeight * mz;
        }
        break;
      case "headingBlend":
      case "circularHeadingBlend":
        if (nbCount > 0) {
          wx += ax; wy += ay;
          ax = 0; ay = 0;
          const bird = Math.atan2(wy, wx);
          const speed = Math.sqrt(wx * wx + wy * wy);
          let turned;
          if (this.ali === "headingBlend") {
            const mean = nbHeading / nbCount;
            turned = bird + (mean - bird) * aliWeight;
          } else {
            turned = nbUx === 0 && nbUy === 0 ? bird : bird + wrapAngle(Math.atan2(nbUy, nbUx) - bird) * aliWeight;
          }
          wx = Math.cos(turned) * speed;
          wy = Math.sin(turned) * speed;
        }
        break;
      case "vicsek": {
        const sumX = nbUx + (needUnit ? ux[s] : 0), sumY = nbUy + (needUnit ? uy[s] : 0);
        let theta = sumX === 0 && sumY === 0 ? Math.atan2(rvy, rvx) : Math.atan2(sumY, sumX);
        theta += this.vicsekNoise * (random.nextDouble() - 0.5);
        ax += aliWeight * Math.cos(theta); ay += aliWeight * Math.sin(theta);
        break;
      }
      case "zonal": {
        const len = Math.sqrt(nbUx * nbUx + nbUy * nbUy + nbUz * nbUz);
        if (nbCount > 0 && len > 0) {
          const f = aliWeight / len;
          ax += f * nbUx; ay += f * nbUy; az += f * nbUz;
        }
        break;
      }
      case "meanForward": {
        let mx, my, mz;
        if (nbCount > 0) { mx = nbUx / nbCount; my = nbUy / nbCount; mz = nbUz / nbCount; }
        else { mx = rvx; my = rvy; mz = rvz; }
        const len = Math.sqrt(mx * mx + my * my + mz * mz);
        if (len > 0) {
          const f = aliWeight / len;
          ax += f * mx; ay += f * my; az += f * mz;
        }
        break;
      }
      default: throw new Error("alignment " + this.ali);
    }
    if (inPlace) { ax += spx; ay += spy; az += spz; } else { ax += chx; ay += chy; az += chz; }

    // --- goal (002)
    if (this.goalWeight > 0) {
      const gx = this.delta(this.goalX - xi), gy = this.delta(this.goalY - yi), gz = this.delta(this.goalZ - zi);
      if (gx * gx + gy * gy + gz * gz <= this.goalR2) {
        ax += this.goalWeight * gx; ay += this.goalWeight * gy; az += this.goalWeight * gz;
      }
    }

    // --- flee predators (002)
    const predators = this.predatorCount;
    if (predators > 0 && this.fleeWeight > 0) {
      const px = this.px, py = this.py, pz = this.pz;
      for (let q = 0; q < predators; q++) {
        const dx = this.delta(xi - px[q]), dy = this.delta(yi - py[q]), dz = this.delta(zi - pz[q]);
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 <= this.fleeR2 && d2 > 0) {
          const f = this.fleeWeight / Math.sqrt(d2);
          ax += f * dx; ay += f * dy; az += f * dz;
        }
      }
    }

    // --- obstacles
    if (this.obsX.length > 0 && this.obsWeight > 0) {
      if (this.obs === "forceField") {
        for (let o = 0; o < this.obsX.length; o++) {
          const dx = this.delta(xi - this.obsX[o]), dy = this.delta(yi - this.obsY[o]), dz = this.delta(zi - this.obsZ[o]);
          const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
          const surface = dist - this.obsR[o];
          if (surface < this.obsRange && dist > 0) {
            const push = surface < 0.1 ? 100 : 10 / (surface * surface);
            const f = this.obsWeight * push / dist;
            ax += f * dx; ay += f * dy; az += f * dz;
          }
        }
      } else {
        if (inPlace) this.steerToAvoid(xi, yi, zi, wx + ax, wy + ay, wz + az);
        else this.steerToAvoid(xi, yi, zi, vxi, vyi, vzi);
        ax += this.turned[0]; ay += this.turned[1]; az += this.turned[2];
      }
    }

    // --- random steering
    const noise = this.noise;
    if (noise > 0) {
      if (threeD) {
        const cz = 2 * random.nextDouble() - 1;
        const phi = 2 * Math.PI * random.nextDouble();
        const r = Math.sqrt(Math.max(0, 1 - cz * cz));
        ax += noise * r * Math.cos(phi); ay += noise * r * Math.sin(phi); az += noise * cz;
      } else {
        const phi = 2 * Math.PI * random.nextDouble();
        ax += noise * Math.cos(phi); ay += noise * Math.sin(phi);
      }
    }

    // --- soft boundary (000)
    if (this.bnd === "softMargin" && this.mot !== "moveThenClamp") {      // moveThenClamp: at the step's end
      const lo = -this.half - this.softMargin, hi = this.half + this.softMargin, turn = this.softTurn;
      if (xi < lo) ax += turn; else if (xi > hi) ax -= turn;
      if (yi < lo) ay += turn; else if (yi > hi) ay -= turn;
      if (threeD) { if (zi < lo) az += turn; else if (zi > hi) az -= turn; }
    }

    // --- motion
    let nvx, nvy, nvz;
    switch (this.mot) {
      case "moveThenClamp":
      case "unclamped":
        nvx = wx + ax; nvy = wy + ay; nvz = wz + az;      // moveThenClamp clamps at the step's end
        break;
      case "additive":
      case "steering": {
        if (this.mot === "steering") {
          const len = Math.sqrt(ax * ax + ay * ay + az * az);
          if (len > this.motMaxForce) {
            const f = this.motMaxForce / len;
            ax *= f; ay *= f; az *= f;
          }
        }
        nvx = wx + ax; nvy = wy + ay; nvz = wz + az;
        const speed = Math.sqrt(nvx * nvx + nvy * nvy + nvz * nvz);
        if (speed > this.maxSpeed) {
          const f = this.maxSpeed / speed;
          nvx *= f; nvy *= f; nvz *= f;
        } else if (speed < this.minSpeed && speed > 0) {
          const f = this.minSpeed / speed;
          nvx *= f; nvy *= f; nvz *= f;
        }
        break;
      }
      case "constantSpeed": {
        let fx = wx, fy = wy, fz = wz;
        const flen = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (flen > 0) { fx /= flen; fy /= flen; fz /= flen; } else { fx = 1; fy = 0; fz = 0; }
        const tf = this.turnFactor;
        let dxr = fx + (ax - fx) * tf, dyr = fy + (ay - fy) * tf, dzr = fz + (az - fz) * tf;
        const len = Math.sqrt(dxr * dxr + dyr * dyr + dzr * dzr);
        if (len > 1e-12) { dxr /= len; dyr /= len; dzr /= len; } else { dxr = fx; dyr = fy; dzr = fz; }
        nvx = dxr * this.constSpeed; nvy = dyr * this.constSpeed; nvz = dzr * this.constSpeed;
        break;
      }
      case "turningRate": {
        const speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
        let ex, ey, ez, gx, gy, gz;
        const len = Math.sqrt(ax * ax + ay * ay + az * az);
        if (speed > 0) { ex = wx / speed; ey = wy / speed; ez = wz / speed; } else { ex = 1; ey = 0; ez = 0; }
        if (len > 0) { gx = ax / len; gy = ay / len; gz = az / len; } else { gx = ex; gy = ey; gz = ez; }
        const he = this.headingError;
        if (he > 0) {
          gx += he * random.nextGaussian();
          gy += he * random.nextGaussian();
          if (threeD) gz += he * random.nextGaussian();
          const g = Math.sqrt(gx * gx + gy * gy + gz * gz);
          if (g > 0) { gx /= g; gy /= g; gz /= g; } else { gx = ex; gy = ey; gz = ez; }
        }
        const t = this.turned;
        toward(ex, ey, ez, gx, gy, gz, speed > 0 ? this.maxTurnPerStep : Math.PI, threeD, t);
        nvx = t[0] * this.constSpeed; nvy = t[1] * this.constSpeed; nvz = t[2] * this.constSpeed;
        break;
      }
      default: throw new Error("motion " + this.mot);
    }
    const dt = this.dt;
    let nx = xi + nvx * dt, ny = yi + nvy * dt, nz = zi + nvz * dt;

    // --- hard and periodic boundaries act on the new position
    if (this.wrapPositions) {
      nx = wrap(nx, size); ny = wrap(ny, size);
      if (threeD) nz = wrap(nz, size);
    } else if (this.bnd === "hard" && this.mot !== "moveThenClamp") {   // moveThenClamp: at the step's end
      const half = this.half;
      if (nx > half) { nx = half; nvx = -Math.abs(nvx); } else if (nx < -half) { nx = -half; nvx = Math.abs(nvx); }
      if (ny > half) { ny = half; nvy = -Math.abs(nvy); } else if (ny < -half) { ny = -half; nvy = Math.abs(nvy); }
      if (threeD) {
        if (nz > half) { nz = half; nvz = -Math.abs(nvz); } else if (nz < -half) { nz = -half; nvz = Math.abs(nvz); }
      }
    }
    outX[s] = nx; outY[s] = ny; outZ[s] = nz;
    outVx[s] = nvx; outVy[s] = nvy; outVz[s] = nvz;
  }

  /** Steer-to-avoid: the lateral steer away from the nearest sphere on the look-ahead segment, into this.turned. */
  steerToAvoid(xi, yi, zi, vxi, vyi, vzi) {
    const t = this.turned;
    t[0] = 0; t[1] = 0; t[2] = 0;
    const speed = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
    if (speed === 0) return;
    const fx = vxi / speed, fy = vyi / speed, fz = vzi / speed;
    let bestT = Infinity, lx = 0, ly = 0, lz = 0;
    for (let o = 0; o < this.obsX.length; o++) {
      const cx = this.delta(this.obsX[o] - xi), cy = this.delta(this.obsY[o] - yi), cz = this.delta(this.obsZ[o] - zi);
      const along = clamp(cx * fx + cy * fy + cz * fz, 0, this.obsRange);
      const ex = along * fx - cx, ey = along * fy - cy, ez = along * fz - cz;
      const reach = this.obsR[o] + this.obsClearance;
      if (ex * ex + ey * ey + ez * ez < reach * reach && along < bestT) {
        bestT = along; lx = ex; ly = ey; lz = ez;
      }
    }
    if (bestT === Infinity) return;
    let len = Math.sqrt(lx * lx + ly * ly + lz * lz);
    if (len < 1e-12) {
      if (this.threeD && Math.abs(fz) < 0.9) { lx = fy; ly = -fx; lz = 0; }
      else if (this.threeD) { lx = 0; ly = fz; lz = -fy; }
      else { lx = -fy; ly = fx; lz = 0; }
      len = Math.sqrt(lx * lx + ly * ly + lz * lz);
    }
    const f = this.obsWeight * (1 - bestT / this.obsRange) / len;
    t[0] = f * lx; t[1] = f * ly; t[2] = f * lz;
  }

  /** Predation.move: every predator by its behaviour, after the boids moved. */
  movePredators() {
    const n = this.count, x = this.x, y = this.y, z = this.z;
    const px = this.px, py = this.py, pz = this.pz, pvx = this.pvx, pvy = this.pvy, pvz = this.pvz;
    for (let q = 0; q < this.predatorCount; q++) {
      if (this.predKind !== "chaseCentroid") {
        this.chaseVisible(q, n);
        continue;
      }
      let cx = 0, cy = 0, cz = 0;
      if (this.periodic) {
        for (let i = 0; i < n; i++) {
          cx += this.delta(x[i] - px[q]); cy += this.delta(y[i] - py[q]); cz += this.delta(z[i] - pz[q]);
        }
        cx /= n; cy /= n; cz /= n;
      } else {
        for (let i = 0; i < n; i++) { cx += x[i]; cy += y[i]; cz += z[i]; }
        cx = cx / n - px[q]; cy = cy / n - py[q]; cz = cz / n - pz[q];
      }
      const power = this.predPower, dt = this.predDt;
      let ux = pvx[q] + cx * power * dt, uy = pvy[q] + cy * power * dt, uz = pvz[q] + cz * power * dt;
      const speed = Math.sqrt(ux * ux + uy * uy + uz * uz);
      if (speed > this.predMaxSpeed) {
        const f = this.predMaxSpeed / speed;
        ux *= f; uy *= f; uz *= f;
      }
      pvx[q] = ux; pvy[q] = uy; pvz[q] = uz;
      px[q] += ux * dt; py[q] += uy * dt; pz[q] += uz * dt;
      if (this.periodic) {
        px[q] = wrap(px[q], this.size); py[q] = wrap(py[q], this.size);
        if (this.threeD) pz[q] = wrap(pz[q], this.size);
      }
    }
  }

  chaseVisible(q, n) {
    const x = this.x, y = this.y, z = this.z;
    const px = this.px, py = this.py, pz = this.pz, pvx = this.pvx, pvy = this.pvy, pvz = this.pvz;
    const speed = Math.sqrt(pvx[q] * pvx[q] + pvy[q] * pvy[q] + pvz[q] * pvz[q]);
    let hx = 0, hy = 0, hz = 0, viewCos = this.predViewCos;
    if (speed > 0) { hx = pvx[q] / speed; hy = pvy[q] / speed; hz = pvz[q] / speed; } else viewCos = -2;
    let tx = 0, ty = 0, tz = 0, best = Infinity, seen = 0;
    const nearest = this.predKind === "chaseNearest";
    for (let i = 0; i < n; i++) {
      const dx = this.delta(x[i] - px[q]), dy = this.delta(y[i] - py[q]), dz = this.delta(z[i] - pz[q]);
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 > this.predSightR2 || d2 === 0) continue;
      if (viewCos > -2 && hx * dx + hy * dy + hz * dz < viewCos * Math.sqrt(d2)) continue;
      seen++;
      if (nearest) {
        if (d2 < best) { best = d2; tx = dx; ty = dy; tz = dz; }
      } else {
        tx += dx; ty += dy; tz += dz;
      }
    }
    const len = Math.sqrt(tx * tx + ty * ty + tz * tz);
    const max = this.predMaxSpeed;
    if (seen > 0 && len > 0) {
      let gx = tx / len, gy = ty / len, gz = tz / len;
      if (speed > 0) {
        const t = this.turned;
        toward(hx, hy, hz, gx, gy, gz, this.predMaxTurn, this.threeD, t);
        gx = t[0]; gy = t[1]; gz = t[2];
      }
      pvx[q] = gx * max; pvy[q] = gy * max; pvz[q] = gz * max;
    } else if (speed > 0) {
      pvx[q] = hx * max; pvy[q] = hy * max; pvz[q] = hz * max;
    }
    const dt = this.predDt;
    px[q] += pvx[q] * dt; py[q] += pvy[q] * dt; pz[q] += pvz[q] * dt;
    if (this.periodic) {
      px[q] = wrap(px[q], this.size); py[q] = wrap(py[q], this.size);
      if (this.threeD) pz[q] = wrap(pz[q], this.size);
    }
  }

  /** Predation.capture: records (and maybe removes) every boid within a predator's capture radius. */
  capture(step) {
    if (this.captureR2 <= 0) return;
    const px = this.px, py = this.py, pz = this.pz;
    for (let q = 0; q < this.predatorCount; q++) {
      for (let i = 0; i < this.count; i++) {
        const dx = this.delta(this.x[i] - px[q]), dy = this.delta(this.y[i] - py[q]), dz = this.delta(this.z[i] - pz[q]);
        if (dx * dx + dy * dy + dz * dz < this.captureR2) {
          this.captures.push({ step, predator: q, boid: this.id[i] });
          if (this.removeOnCapture && this.count > 1) {
            this.remove(i);
            i--;
          }
        }
      }
    }
  }

  /** Removes slot i keeping the others in id order. */
  remove(i) {
    const last = --this.count;
    for (const a of ["x", "y", "z", "vx", "vy", "vz", "id"]) this[a].copyWithin(i, i + 1, last + 1);
  }

  /** @return the state as plain objects (boids in id order). */
  state() {
    const boids = [];
    for (let i = 0; i < this.count; i++) {
      boids.push({ id: this.id[i], x: this.x[i], y: this.y[i], z: this.z[i], vx: this.vx[i], vy: this.vy[i], vz: this.vz[i] });
    }
    const predators = [];
    for (let k = 0; k < this.predatorCount; k++) {
      predators.push({ x: this.px[k], y: this.py[k], z: this.pz[k], vx: this.pvx[k], vy: this.pvy[k], vz: this.pvz[k] });
    }
    return { boids, predators };
  }

  /** Polarization |Σ unit(v)| / N, for display and tests. */
  polarization() {
    let sx = 0, sy = 0, sz = 0;
    for (let i = 0; i < this.count; i++) {
      const l = Math.sqrt(this.vx[i] * this.vx[i] + this.vy[i] * this.vy[i] + this.vz[i] * this.vz[i]);
      if (l > 0) { sx += this.vx[i] / l; sy += this.vy[i] / l; sz += this.vz[i] / l; }
    }
    return Math.sqrt(sx * sx + sy * sy + sz * sz) / this.count;
  }
}

// ------------------------------------------------------------------ state CSV

/** Parses a state CSV (header step,kind,id,x,y,z,vx,vy,vz in any order): {boids, predators}. */
export function parseStateCsv(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const header = lines[0].split(",").map((h) => h.trim());
  const col = (name) => header.indexOf(name);
  const at = Object.fromEntries(["step", "kind", "id", "x", "y", "z", "vx", "vy", "vz"].map((c) => [c, col(c)]));
  const boids = [], predators = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(",").map((c) => c.trim());
    const row = { id: Number(cells[at.id]) };
    for (const c of ["x", "y", "z", "vx", "vy", "vz"]) row[c] = Number(cells[at[c]]);
    row.step = Number(cells[at.step]);
    (cells[at.kind] === "predator" ? predators : boids).push(row);
  }
  predators.sort((a, b) => a.id - b.id);
  return { boids, predators };
}

/** The state CSV rows of one step (no header). */
export function stateCsvRows(sim) {
  const rows = [];
  const s = sim.stepCount;
  for (let i = 0; i < sim.count; i++) {
    rows.push(`${s},boid,${sim.id[i]},${sim.x[i]},${sim.y[i]},${sim.z[i]},${sim.vx[i]},${sim.vy[i]},${sim.vz[i]}`);
  }
  for (let k = 0; k < sim.predatorCount; k++) {
    rows.push(`${s},predator,${k},${sim.px[k]},${sim.py[k]},${sim.pz[k]},${sim.pvx[k]},${sim.pvy[k]},${sim.pvz[k]}`);
  }
  return rows;
}
