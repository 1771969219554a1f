// flocktune's web player: the renderer shared by the exported page and the report's preview
// (oriented triangles, predators, obstacles, optional trails; 3D projected with a rotatable
// view), and the player UI around the JS engine flock.mjs (pause/step, fps, boid count, reset
// with seed, parameter sliders, replay of a recorded trajectory), and the reports' moving
// preview (mountPreview: several presets run live side by side on the same engine).
import { Simulation, unsupported } from "./flock.mjs";

const PREDATOR = "#d62728", OBSTACLE = "rgba(90, 90, 90, 0.35)", GOAL = "#2ca02c";
// ImageData pixels are RGBA bytes: as little-endian 32-bit words 0xAABBGGRR
const BOID_PIXEL = 0xffb4771f, BACKGROUND_PIXEL = 0xfffafafa;

/**
 * Draws a flock in a canvas (obstacles as grey discs, the goal, when given, as a green dashed
 * ring round its radius). A frame is {count, x, y, z, vx, vy, vz, predators: {count, x, …}}
 * in world units; `world` is {size, dimension, periodic, follow} (follow: centre the view on
 * the flock's centroid, for open worlds). 3D is projected with perspective after a rotation by
 * yaw (about the vertical axis) and pitch, changed by dragging the canvas.
 */
export class Renderer {
  constructor(canvas, world, obstacles = [], goal = null) {
    this.canvas = canvas;
    this.goal = goal;
    this.ctx = canvas.getContext("2d");
    this.world = world;
    this.obstacles = obstacles;
    this.trails = false;
    this.yaw = world.dimension === 3 ? 0.6 : 0;
    this.pitch = world.dimension === 3 ? 0.5 : 0;
    this.centre = [0, 0, 0];
    this.lastFrame = null;
    if (world.dimension === 3) this.enableDrag();
  }

  enableDrag() {
    let dragging = null;
    const c = this.canvas;
    c.style.cursor = "grab";
    c.addEventListener("pointerdown", (e) => { dragging = [e.clientX, e.clientY]; c.setPointerCapture(e.pointerId); });
    c.addEventListener("pointerup", () => { dragging = null; });
    c.addEventListener("pointermove", (e) => {
      if (!dragging) return;
      this.rotate((e.clientX - dragging[0]) * 0.01, (e.clientY - dragging[1]) * 0.01);
      dragging = [e.clientX, e.clientY];
      if (this.lastFrame) this.draw(this.lastFrame, true);
    });
  }

  /** Turns the 3D view by the given angles (radians). */
  rotate(dYaw, dPitch) {
    this.yaw += dYaw;
    this.pitch = Math.max(-1.5, Math.min(1.5, this.pitch + dPitch));
  }

  /** World point → [screenX, screenY, depth scale]. */
  project(x, y, z) {
    const w = this.canvas.width, h = this.canvas.height, s = this.world.size;
    x -= this.centre[0]; y -= this.centre[1]; z -= this.centre[2];
    if (this.world.periodic && this.world.dimension === 2) {
      // a periodic world is shown whole: positions already lie in [−size/2, size/2)
    }
    if (this.world.dimension === 2) {
      const scale = Math.min(w, h) / s;
      return [w / 2 + x * scale, h / 2 - y * scale, 1];
    }
    const cy = Math.cos(this.yaw), sy = Math.sin(this.yaw), cp = Math.cos(this.pitch), sp = Math.sin(this.pitch);
    const x1 = cy * x - sy * y, y1 = sy * x + cy * y;        // yaw about z
    const depth = cp * y1 - sp * z, up = sp * y1 + cp * z;     // pitch about the screen's x axis
    const distance = 2.2 * s;
    const f = distance / (distance + depth);
    const scale = Math.min(w, h) / (1.8 * s) * f;
    return [w / 2 + x1 * scale, h / 2 - up * scale, f];
  }

  /**
   * Draws one frame; `again` redraws without fading trails (after a rotation). Boids are
   * rasterised straight into an ImageData (a filled triangle each, no path per boid: 2 000
   * boids cost about a millisecond), then the box, obstacles and predators are drawn on top.
   */
  draw(frame, again = false) {
    this.lastFrame = frame;
    const ctx = this.ctx, w = this.canvas.width, h = this.canvas.height;
    if (this.world.follow && !again) {
      let cx = 0, cy = 0, cz = 0;
      for (let i = 0; i < frame.count; i++) { cx += frame.x[i]; cy += frame.y[i]; cz += frame.z[i]; }
      if (frame.count > 0) this.centre = [cx / frame.count, cy / frame.count, cz / frame.count];
    }
    if (!this.image || this.image.width !== w || this.image.height !== h) {
      this.image = ctx.createImageData(w, h);
      this.pixels = new Uint32Array(this.image.data.buffer);
      this.pixels.fill(BACKGROUND_PIXEL);
    }
    const pixels = this.pixels;
    if (this.trails && !again) {
      // fade toward the background: each channel keeps 82 % of its distance to 0xfa
      for (let k = 0; k < pixels.length; k++) {
        const v = pixels[k];
        if (v === BACKGROUND_PIXEL) continue;
        const r = v & 0xff, g = (v >>> 8) & 0xff, b = (v >>> 16) & 0xff;
        const fr = 250 - (((250 - r) * 13) >> 4), fg = 250 - (((250 - g) * 13) >> 4), fb = 250 - (((250 - b) * 13) >> 4);
        pixels[k] = (0xff000000 | (fb << 16) | (fg << 8) | fr) >>> 0;
      }
    } else {
      pixels.fill(BACKGROUND_PIXEL);
    }
    const size = Math.max(2.5, Math.min(7, 9 * Math.sqrt(w * h) / 640 / Math.sqrt(Math.max(1, frame.count / 50))));
    for (let i = 0; i < frame.count; i++) {
      this.triangle(frame.x[i], frame.y[i], frame.z[i], frame.vx[i], frame.vy[i], frame.vz[i], size);
      this.fillTriangle(BOID_PIXEL);
    }
    ctx.putImageData(this.image, 0, 0);
    this.drawBox();
    for (const o of this.obstacles) {
      const [sx, sy, f] = this.project(o.x, o.y, o.z);
      const r = o.radius * Math.min(w, h) / (this.world.dimension === 2 ? this.world.size : 1.8 * this.world.size) * f;
      ctx.fillStyle = OBSTACLE;
      ctx.beginPath(); ctx.arc(sx, sy, Math.max(1, r), 0, 2 * Math.PI); ctx.fill();
    }
    if (this.goal) {
      const g = this.goal, [gx, gy, f] = this.project(g.x, g.y, g.z);
      const r = g.radius * Math.min(w, h) / (this.world.dimension === 2 ? this.world.size : 1.8 * this.world.size) * f;
      ctx.strokeStyle = GOAL;
      ctx.setLineDash([4, 4]);
      ctx.beginPath(); ctx.arc(gx, gy, Math.max(2, r), 0, 2 * Math.PI); ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath(); ctx.moveTo(gx - 4, gy); ctx.lineTo(gx + 4, gy); ctx.moveTo(gx, gy - 4); ctx.lineTo(gx, gy + 4); ctx.stroke();
    }
    const p = frame.predators;
    if (p && p.count > 0) {
      ctx.fillStyle = PREDATOR;
      ctx.beginPath();
      for (let k = 0; k < p.count; k++) {
        const t = this.triangle(p.x[k], p.y[k], p.z[k], p.vx[k], p.vy[k], p.vz[k], size * 2);
        ctx.moveTo(t[0], t[1]); ctx.lineTo(t[2], t[3]); ctx.lineTo(t[4], t[5]); ctx.closePath();
      }
      ctx.fill();
    }
  }

  /** Fills the triangle last computed by triangle() into the pixel buffer (pixel centres inside). */
  fillTriangle(colour) {
    const t = this.corners, w = this.canvas.width, h = this.canvas.height, pixels = this.pixels;
    const x0 = t[0], y0 = t[1], x1 = t[2], y1 = t[3], x2 = t[4], y2 = t[5];
    const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if (area === 0) return;
    const sign = area > 0 ? 1 : -1;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2))), maxX = Math.min(w - 1, Math.ceil(Math.max(x0, x1, x2)));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2))), maxY = Math.min(h - 1, Math.ceil(Math.max(y0, y1, y2)));
    for (let py = minY; py <= maxY; py++) {
      const cy = py + 0.5;
      for (let px = minX; px <= maxX; px++) {
        const cx = px + 0.5;
        const e0 = ((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)) * sign;
        const e1 = ((x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1)) * sign;
        const e2 = ((x0 - x2) * (cy - y2) - (y0 - y2) * (cx - x2)) * sign;
        if (e0 >= 0 && e1 >= 0 && e2 >= 0) pixels[py * w + px] = colour;
      }
    }
  }

  drawBox() {
    const ctx = this.ctx, half = this.world.size / 2;
    if (this.world.follow && this.world.dimension === 2) return;   // an open 3D world keeps a cube around the flock as depth cue
    ctx.strokeStyle = "#ddd";
    ctx.lineWidth = 1;
    ctx.beginPath();
    if (this.world.dimension === 2) {
      const [x0, y0] = this.project(-half, -half, 0), [x1, y1] = this.project(half, half, 0);
      ctx.rect(x0, y1, x1 - x0, y0 - y1);
    } else {
      const c = [-half, half];
      const corners = [];
      for (const x of c) for (const y of c) for (const z of c) corners.push(this.project(x, y, z));
      for (let a = 0; a < 8; a++) {
        for (let b = a + 1; b < 8; b++) {
          const diff = a ^ b;
          if (diff === 1 || diff === 2 || diff === 4) { ctx.moveTo(corners[a][0], corners[a][1]); ctx.lineTo(corners[b][0], corners[b][1]); }
        }
      }
    }
    ctx.stroke();
  }

  /** @return the screen corners [x0, y0, x1, y1, x2, y2] of a triangle pointing along v (projected), in this.corners */
  triangle(x, y, z, vx, vy, vz, size) {
    const [sx, sy, f] = this.project(x, y, z);
    let dx, dy;
    if (this.world.dimension === 2) { dx = vx; dy = -vy; }
    else {
      const l = Math.sqrt(vx * vx + vy * vy + vz * vz) || 1, e = this.world.size * 0.01;
      const [ex, ey] = this.project(x + vx / l * e, y + vy / l * e, z + vz / l * e);
      dx = ex - sx; dy = ey - sy;
    }
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > 0) { dx /= len; dy /= len; } else { dx = 1; dy = 0; }
    const s = size * f, t = this.corners || (this.corners = new Float64Array(6));
    t[0] = sx + dx * s; t[1] = sy + dy * s;
    t[2] = sx - dx * s * 0.6 - dy * s * 0.5; t[3] = sy - dy * s * 0.6 + dx * s * 0.5;
    t[4] = sx - dx * s * 0.6 + dy * s * 0.5; t[5] = sy - dy * s * 0.6 - dx * s * 0.5;
    return t;
  }
}

/** The renderer's frame of a live simulation (views on its arrays, no copy). */
export function frameOf(sim) {
  return {
    count: sim.count, x: sim.x, y: sim.y, z: sim.z, vx: sim.vx, vy: sim.vy, vz: sim.vz,
    predators: { count: sim.predatorCount, x: sim.px, y: sim.py, z: sim.pz, vx: sim.pvx, vy: sim.pvy, vz: sim.pvz },
  };
}

/**
 * Decodes a recorded trajectory of the report (Java's Trajectory: per frame, per boid then
 * predator, three bytes x, y, heading; x, y quantised 0…254 across a view of side `view`, 255 a
 * removed boid; heading in 256ths of a turn) into renderer frames, seen from above.
 */
export function decodeTrajectory(t) {
  const raw = atob(t.data), bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const per = (t.boids + t.predators) * 3;
  const frames = [];
  const place = (q) => (q / 255 - 0.5) * t.view;
  for (let f = 0; f < t.frames; f++) {
    const at = f * per;
    const b = { count: 0, x: [], y: [], z: [], vx: [], vy: [], vz: [] };
    const p = { count: t.predators, x: [], y: [], z: [], vx: [], vy: [], vz: [] };
    for (let i = 0; i < t.boids + t.predators; i++) {
      const qx = bytes[at + 3 * i], qy = bytes[at + 3 * i + 1], a = bytes[at + 3 * i + 2] / 256 * 2 * Math.PI;
      const target = i < t.boids ? b : p;
      if (i < t.boids && qx === 255) continue;
      target.x.push(place(qx)); target.y.push(place(qy)); target.z.push(0);
      target.vx.push(Math.cos(a)); target.vy.push(Math.sin(a)); target.vz.push(0);
      if (i < t.boids) b.count++;
    }
    b.predators = p;
    frames.push(b);
  }
  return frames;
}

/**
 * The renderer of a preset's live flock: its world (a periodic world shown whole, an open one
 * following the flock), its obstacles and, when it pulls, its goal. The exported page and the
 * report's preview both draw through it.
 */
export function rendererFor(canvas, preset) {
  const world = {
    size: preset.world.size, dimension: preset.world.dimension,
    periodic: preset.world.boundary.kind === "wrap", follow: preset.world.boundary.kind === "none",
  };
  // a peer model's preset has neither section: its own rules replace them (replayed, not run here)
  return new Renderer(canvas, world, preset.obstacles?.spheres ?? [], preset.goal?.weight > 0 ? preset.goal : null);
}

/** Parses a 64-bit seed as the command line does; null when it is not one. */
function parseSeed(text) {
  text = String(text).trim();
  if (!/^-?\d+$/.test(text)) return null;
  const b = BigInt(text);
  return b >= -(2n ** 63n) && b < 2n ** 63n ? b : null;
}

/** Measures frames per second into `element` (the player's and the preview's counter). */
function fpsCounter(element) {
  const fps = { value: 0, frames: 0, since: performance.now() };
  fps.tick = (now) => {
    fps.frames++;
    if (now - fps.since >= 500) {
      fps.value = fps.frames * 1000 / (now - fps.since);
      fps.frames = 0; fps.since = now;
      if (element) element.textContent = fps.value.toFixed(0) + " fps";
    }
  };
  return fps;
}

// ------------------------------------------------------------------ the report's preview

/**
 * Mounts the report's moving preview: several presets side by side from one seed, each run
 * live by the JS engine (Simulation.fromSeed: the Java run's initial state and random streams)
 * and drawn by rendererFor, exactly as the exported page flies it; a preset whose rule variant
 * the engine does not run is replayed from its recorded trajectory instead, and its caption
 * says so. Every run restarts from the seed after `steps` steps (a replay loops with it).
 * Controls (by id): play, stepOnce, trails, fps, frame, seed, reset, problem, and per run
 * flock<i> (canvas) and mode<i> (how it is shown).
 *
 * @param config {seed: "…", steps, runs: [{label, preset, replay: null or {reason, trajectory}}]}
 * @return the preview API (used by the browser tests): views [{live, sim, renderer}], step …
 */
export function mountPreview(doc, config) {
  const $ = (id) => doc.getElementById(id);
  const steps = Math.max(1, Number(config.steps));
  let seed = BigInt(config.seed), step = 0, playing = true, drawn = 0;
  const views = config.runs.map((run, i) => {
    const canvas = $("flock" + i), mode = $("mode" + i);
    const missing = unsupported(run.preset);
    if (missing.length === 0 && !run.replay) {
      if (mode) mode.textContent = "live: the JS engine runs it";
      return { live: true, preset: run.preset, sim: null, renderer: rendererFor(canvas, run.preset) };
    }
    if (!run.replay) throw new Error("the JS engine does not run " + missing.join(", ") + " and no trajectory was recorded");
    const t = run.replay.trajectory;
    if (mode) {
      mode.textContent = "replaying a recorded run (every " + t.stride + " steps, seen from above): the JS engine does not run "
        + (run.replay.reason || missing.join(", ")) + " live";
      mode.className = "replay";
    }
    return {
      live: false, preset: run.preset, frames: decodeTrajectory(t), stride: t.stride,
      renderer: new Renderer(canvas, { size: t.view, dimension: 2, periodic: false, follow: false }),
    };
  });

  function reset(newSeed) {
    seed = BigInt(newSeed);
    step = 0;
    for (const v of views) if (v.live) v.sim = Simulation.fromSeed(v.preset, seed);
    if ($("seed")) $("seed").value = String(seed);
    draw();
  }

  function advance() {
    if (step >= steps) { reset(seed); return; }
    for (const v of views) if (v.live) v.sim.step();
    step++;
  }

  function draw() {
    for (const v of views) {
      if (v.live) v.renderer.draw(frameOf(v.sim));
      else v.renderer.draw(v.frames[Math.min(v.frames.length - 1, Math.max(0, Math.ceil(step / v.stride) - 1))]);
    }
    $("frame").textContent = "step " + step + " / " + steps + " · seed " + seed;
    drawn++;
    doc.body.setAttribute("data-rendered", "frames:" + drawn);
  }

  const play = $("play");
  play.addEventListener("click", () => { playing = !playing; play.textContent = playing ? "pause" : "play"; });
  if ($("stepOnce")) $("stepOnce").addEventListener("click", () => { advance(); draw(); });
  if ($("trails")) $("trails").addEventListener("change", (e) => { for (const v of views) v.renderer.trails = e.target.checked; });
  if ($("reset")) {
    $("reset").addEventListener("click", () => {
      const s = parseSeed($("seed").value);
      $("seed").setCustomValidity(s === null ? "seed: an integer in [-2^63, 2^63 - 1]" : "");
      $("problem").textContent = s === null ? "seed must be an integer in [-2^63, 2^63 - 1]" : "";
      if (s !== null) reset(s);
    });
  }
  const fps = fpsCounter($("fps"));
  function tick(now) {
    if (playing) { advance(); draw(); }
    fps.tick(now);
    requestAnimationFrame(tick);
  }
  reset(seed);
  requestAnimationFrame(tick);

  return {
    views,
    get seed() { return seed; },
    get stepCount() { return step; },
    get fps() { return fps.value; },
    get playing() { return playing; },
    pause() { playing = false; play.textContent = "play"; },
    play() { playing = true; play.textContent = "pause"; },
    step() { advance(); draw(); },
    reset,
  };
}

// ------------------------------------------------------------------ the player page

/** Numeric preset fields a slider may change without a reset: [path, min, max, integer]. */
function sliderFields(preset) {
  const out = [];
  const add = (path, value, min, max, integer = false) => {
    if (typeof value !== "number") return;
    out.push({ path, value, min, max, integer });
  };
  const upTo = (v, floor) => Math.max(floor, 4 * Math.abs(v));
  for (const section of ["separation", "alignment", "cohesion", "motion", "neighbourhood"]) {
    for (const [key, value] of Object.entries(preset[section] ?? {})) {      // none in a peer model's preset
      if (key === "kind") continue;
      const path = section + "." + key;
      if (key === "angle" || key === "fieldOfView") add(path, value, 1, 360);
      else if (key === "turnFactor") add(path, value, 0.001, 1);
      else if (key === "noise") add(path, value, 0, 2 * Math.PI);
      else if (key === "count") add(path, value, 1, Math.max(20, 3 * value), true);
      else if (section === "alignment" && key === "weight" && /HeadingBlend$|^headingBlend$/.test(preset.alignment.kind)) add(path, value, 0, 1);
      // fields the preset format requires > 0 keep a positive lower end
      else if (key === "dt" || key === "radius" || key === "speed" || key === "maxTurnRate" || key === "arrivalRadius"
        || (section === "motion" && key === "maxForce")) add(path, value, value / 10, upTo(value, 1));
      else add(path, value, 0, upTo(value, 1));
    }
  }
  add("boids.minSpeed", preset.boids.minSpeed, 0, upTo(preset.boids.maxSpeed, 1));
  add("boids.maxSpeed", preset.boids.maxSpeed, preset.boids.maxSpeed / 10, upTo(preset.boids.maxSpeed, 1));
  if (preset.noise) add("noise.strength", preset.noise.strength, 0, upTo(preset.noise.strength, 0.5));
  if (preset.goal) add("goal.weight", preset.goal.weight, 0, upTo(preset.goal.weight, 0.1));
  if (preset.predators?.count > 0) {
    for (const key of ["maxSpeed", "fleeRadius", "fleeWeight", "captureRadius"]) {
      const v = preset.predators[key];
      add("predators." + key, v, key === "maxSpeed" || key === "fleeRadius" ? v / 10 : 0, upTo(v, 1));
    }
    for (const [key, value] of Object.entries(preset.predators.behaviour)) {
      if (key === "kind") continue;
      if (key === "fieldOfView") add("predators.behaviour." + key, value, 1, 360);
      else if (key === "maxTurn") add("predators.behaviour." + key, value, 1, 180);
      else add("predators.behaviour." + key, value, key === "visualRange" ? value / 10 : 0, upTo(value, 1));
    }
  }
  return out;
}

function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k];
  o[keys[keys.length - 1]] = value;
}

/** Keeps the preset valid after a slider moved (the Java loader's cross-field rules). */
function keepValid(preset, path) {
  const b = preset.boids;
  if (b.minSpeed > b.maxSpeed) {
    if (path === "boids.minSpeed") b.maxSpeed = b.minSpeed; else b.minSpeed = b.maxSpeed;
  }
  if (preset.alignment?.kind === "zonal") {
    const a = preset.alignment, lo = preset.separation.radius, hi = preset.neighbourhood.radius;
    if (a.radius < lo) a.radius = lo;
    if (a.radius > hi) a.radius = hi;
  }
}

const fmt = (v) => (Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v * 100) / 100) : v.toPrecision(3));

/**
 * Mounts the player in `root` (elements found by id: see player.html).
 *
 * @param config {preset, tuned: [paths], seed, replay: null or {reason, trajectory}}
 * @return the player API (used by the browser tests too)
 */
export function mountPlayer(doc, config) {
  const $ = (id) => doc.getElementById(id);
  const original = JSON.parse(JSON.stringify(config.preset));
  let preset = JSON.parse(JSON.stringify(config.preset));
  const canvas = $("flock");
  const renderer = rendererFor(canvas, preset);
  const world = renderer.world;
  const missing = unsupported(preset);
  const replay = config.replay;
  let sim = null, frames = null, frameIndex = 0;
  let playing = true, stepsPerFrame = 1;
  const fps = { value: 0, frames: 0, since: performance.now(), stepMs: 0, drawMs: 0 };

  if (missing.length > 0 && !replay) throw new Error("the JS engine does not run " + missing.join(", ") + " and no trajectory was recorded");
  if (replay) {
    frames = decodeTrajectory(replay.trajectory);
    $("mode").textContent = "Replaying a recorded trajectory (" + frames.length + " frames, every "
      + replay.trajectory.stride + " steps, seen from above): the JS engine does not run "
      + (replay.reason || missing.join(", ")) + " live.";
    $("mode").className = "replay";
    world.dimension = 2; world.size = replay.trajectory.view; world.follow = false;
    for (const id of ["reset-controls", "sliders", "restore"]) { const e = $(id); if (e) e.hidden = true; }
  } else {
    $("mode").textContent = "Live: the JS engine runs the preset from the same seed as the Java engine. The two agree within"
      + " 1e-9 boid for boid over the first 50 steps; after that the flock's dynamics amplify the last bits of rounding,"
      + " so the trajectories drift apart while the flock behaves alike.";
  }

  function reset(seed, count) {
    if (frames) return;
    preset.boids.count = count;
    sim = Simulation.fromSeed(preset, BigInt(seed));
    $("seed").value = String(seed);
    $("count").value = String(count);
    draw();
  }

  function draw() {
    if (frames) {
      renderer.draw(frames[frameIndex]);
      $("step").textContent = "frame " + (frameIndex + 1) + " / " + frames.length;
    } else {
      renderer.draw(frameOf(sim));
      $("step").textContent = "step " + sim.stepCount + " · " + sim.count + " boids · polarization " + sim.polarization().toFixed(3);
    }
    doc.body.dataset.rendered = String(Number(doc.body.dataset.rendered || 0) + 1);
  }

  function advance() {
    if (frames) frameIndex = (frameIndex + 1) % frames.length;
    else for (let k = 0; k < stepsPerFrame; k++) sim.step();
  }

  // sliders, tuned parameters first
  const tuned = config.tuned || [];
  const fields = sliderFields(preset);
  fields.sort((a, b) => {
    const ta = tuned.indexOf(a.path), tb = tuned.indexOf(b.path);
    return (ta < 0 ? 1e9 : ta) - (tb < 0 ? 1e9 : tb);
  });
  const sliders = $("sliders");
  const inputs = {};
  for (const f of fields) {
    const row = doc.createElement("label");
    row.className = tuned.includes(f.path) ? "slider tuned" : "slider";
    const name = doc.createElement("span");
    name.textContent = f.path + (tuned.includes(f.path) ? " ★" : "");
    const input = doc.createElement("input");
    input.type = "range";
    input.min = String(f.min); input.max = String(Math.max(f.max, f.value));
    input.step = f.integer ? "1" : String((Math.max(f.max, f.value) - f.min) / 400);
    input.value = String(f.value);
    input.dataset.path = f.path;
    const out = doc.createElement("output");
    out.textContent = fmt(f.value);
    input.addEventListener("input", () => { setParameter(f.path, Number(input.value)); });
    row.append(name, input, out);
    sliders.append(row);
    inputs[f.path] = { input, out };
  }

  function setParameter(path, value) {
    if (!(path in inputs)) throw new Error("no slider for " + path);
    setPath(preset, path, value);
    keepValid(preset, path);
    for (const [p, { input, out }] of Object.entries(inputs)) {
      const v = getPath(preset, p);
      if (Number(input.value) !== v) input.value = String(v);
      out.textContent = fmt(v);
    }
    if (sim) sim.configure();
  }

  $("play").addEventListener("click", () => { playing = !playing; $("play").textContent = playing ? "pause" : "play"; });
  $("stepOnce").addEventListener("click", () => { advance(); draw(); });
  $("trails").addEventListener("change", (e) => { renderer.trails = e.target.checked; });
  $("reset").addEventListener("click", () => {
    // the same ranges as the command line: a 64-bit seed, boids.count in [1, 20 000] here
    const seedText = $("seed").value.trim(), countText = $("count").value.trim();
    const seed = parseSeed(seedText);
    const count = /^\d+$/.test(countText) ? Number(countText) : NaN;
    const seedOk = seed !== null, countOk = count >= 1 && count <= 20000;
    $("seed").setCustomValidity(seedOk ? "" : "seed: an integer in [-2^63, 2^63 - 1]");
    $("count").setCustomValidity(countOk ? "" : "boids: an integer in [1, 20000]");
    $("problem").textContent = [seedOk ? "" : "seed must be an integer in [-2^63, 2^63 - 1]",
      countOk ? "" : "boids must be an integer in [1, 20000]"].filter((m) => m).join("; ");
    if (seedOk && countOk) reset(seed, count);
  });
  $("restore").addEventListener("click", () => {
    for (const f of fields) setParameter(f.path, getPath(original, f.path));
  });
  if (!frames) reset(config.seed, preset.boids.count);
  else draw();

  function tick(now) {
    if (playing) {
      const t0 = performance.now();
      advance();
      const t1 = performance.now();
      draw();
      const t2 = performance.now();
      fps.stepMs += 0.1 * (t1 - t0 - fps.stepMs);
      fps.drawMs += 0.1 * (t2 - t1 - fps.drawMs);
    }
    fps.frames++;
    if (now - fps.since >= 500) {
      fps.value = fps.frames * 1000 / (now - fps.since);
      fps.frames = 0; fps.since = now;
      $("fps").textContent = fps.value.toFixed(0) + " fps";
      $("timing").textContent = frames ? "" : "step " + fps.stepMs.toFixed(1) + " ms · draw " + fps.drawMs.toFixed(1) + " ms";
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);

  return {
    get sim() { return sim; },
    get preset() { return preset; },
    get fps() { return fps.value; },
    get stepMs() { return fps.stepMs; },
    get drawMs() { return fps.drawMs; },
    get playing() { return playing; },
    replaying: Boolean(frames),
    pause() { playing = false; $("play").textContent = "play"; },
    play() { playing = true; $("play").textContent = "pause"; },
    step() { advance(); draw(); },
    reset,
    setParameter,
    renderer,
  };
}
