// flocktune.hpp: flocktune's flock engine in C++17, header-only, no dependencies.
//
// A transcription of the Java engine (sim/src/main/java/io/flocktune/sim/: Simulation, BoidUpdate,
// Predation, Turning, InitialState, BoidRandom, space/Periodic and the formulas documented next
// to each rule variant in rule/*.java), following the web player's JavaScript engine (flock.mjs)
// line by line for structure. It runs every rule preset of flocktune-preset/1: every boundary,
// neighbourhood, separation, alignment, cohesion, motion model, predator behaviour, obstacle
// avoidance, goal, noise, and the synchronous, sequential and sequential_in_place updates. The
// peers' models (a preset's "peer" field) are not here.
//
// Kept in step with Java by a test: from the same initial state, every position and velocity
// agrees within 1e-9 over 50 steps for every rule preset and variant. What differs, rounding only:
// the Java engine visits neighbours in the order of its own grid's cells, this one in the order
// of its grid (cells of side >= the interaction reach, as flock.mjs builds it).
//
// Random draws replicate Java's bit for bit: java.util.SplittableRandom(seed) for the initial
// state and the run key, and the keyed SplitMix64 streams of BoidRandom (run key, step, boid id)
// for noise, Vicsek's eta and the heading error of turningRate.
//
// Units: world units for lengths, time units for dt (a step moves v·dt); angles in a preset are
// degrees, inside the engine radians.
//
//   flocktune::Simulation sim = flocktune::Simulation::from_seed(preset, 1);
//   for (int k = 0; k < 100; ++k) sim.step();
//   double phi = sim.polarization();        // sim.x()[i], sim.vx()[i], ... in id order
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace flocktune {

/** The preset format this engine runs. */
inline constexpr const char* FORMAT = "flocktune-preset/1";

// ------------------------------------------------------------------ the preset

/** Update order (Preset.UpdateOrder): all boids from the old state, or one by one in id order. */
enum class Update { synchronous, sequential, sequential_in_place };

/** world.boundary (rule/Boundary.java). margin, turn: softMargin only. */
struct Boundary {
    enum class Kind { wrap, wrapPositionsOnly, softMargin, hard, none };
    Kind kind = Kind::wrap;
    double margin = 0;   ///< softMargin: distance beyond the box edge where the turn starts, >= 0
    double turn = 0;     ///< softMargin: velocity added per step, > 0
};

/** neighbourhood (rule/Neighbourhood.java): who alignment and cohesion see. */
struct Neighbourhood {
    enum class Kind { metric, metricExcludingCoincident, fieldOfView, topological, global };
    Kind kind = Kind::metric;
    double radius = 0;   ///< metric, metricExcludingCoincident, fieldOfView: world units, > 0
    double angle = 360;  ///< fieldOfView: full view angle in degrees, (0, 360]
    int count = 0;       ///< topological: the k nearest, [1, 1000]
};

/** separation (rule/Separation.java). strength, maxForce: inverseSquareClamped only. */
struct Separation {
    enum class Kind { linear, inverseDistance, inverseSquareClamped, normalized, zonal };
    Kind kind = Kind::linear;
    double radius = 0, weight = 0, strength = 0, maxForce = 0;
};

/** alignment (rule/Alignment.java). maxForce: meanVelocityLimited; noise: vicsek (radians); radius: zonal. */
struct Alignment {
    enum class Kind { velocityMatch, summedVelocityMatch, meanVelocityLimited, headingBlend, circularHeadingBlend,
                      meanForward, vicsek, zonal };
    Kind kind = Kind::velocityMatch;
    double weight = 0, maxForce = 0, noise = 0, radius = 0;
};

/** cohesion (rule/Cohesion.java). arrivalRadius, maxForce: steerTo only. */
struct Cohesion {
    enum class Kind { centroid, steerTo, unitToCentroid, zonal };
    Kind kind = Kind::centroid;
    double weight = 0, arrivalRadius = 0, maxForce = 0;
};

/** motion (rule/Motion.java). maxForce: steering; speed: constantSpeed, turningRate; turnFactor: constantSpeed;
 *  maxTurnRate (degrees per time unit), headingError: turningRate. */
struct Motion {
    enum class Kind { additive, moveThenClamp, unclamped, steering, constantSpeed, turningRate };
    Kind kind = Kind::additive;
    double dt = 1, maxForce = 0, speed = 0, turnFactor = 0, maxTurnRate = 0, headingError = 0;
};

/** predators.behaviour (rule/PredatorBehaviour.java). power: chaseCentroid; the others: the chase* kinds
 *  (fieldOfView and maxTurn in degrees, maxTurn per time unit). */
struct PredatorBehaviour {
    enum class Kind { chaseCentroid, chaseNearest, chaseVisibleCentroid };
    Kind kind = Kind::chaseCentroid;
    double power = 0, visualRange = 0, fieldOfView = 360, maxTurn = 0;
};

/** obstacles.avoidance (rule/ObstacleAvoidance.java). range: forceField; lookAhead, clearance: steerToAvoid. */
struct Avoidance {
    enum class Kind { forceField, steerToAvoid };
    Kind kind = Kind::forceField;
    double range = 0, lookAhead = 0, weight = 0, clearance = 0;
};

/** A spherical obstacle (Preset.Sphere). */
struct Sphere {
    double x = 0, y = 0, z = 0, radius = 1;
};

/** A flocktune-preset/1 preset: the fields of its JSON form, same names (flocktune export --to json has the schema). */
struct Preset {
    std::string format = FORMAT;
    std::string name;
    std::string description;
    struct World {
        int dimension = 2;   ///< 2 or 3
        double size = 100;   ///< side of the box [-size/2, size/2)^d
        Boundary boundary;
    } world;
    struct Boids {
        int count = 1;
        double minSpeed = 0, maxSpeed = 1, initialSpeed = 1, spawnSize = 100;
    } boids;
    Update update = Update::synchronous;
    Neighbourhood neighbourhood;
    Separation separation;
    Alignment alignment;
    Cohesion cohesion;
    Motion motion;
    struct Predators {
        int count = 0;
        PredatorBehaviour behaviour;
        double maxSpeed = 0, fleeRadius = 0, fleeWeight = 0, captureRadius = 0;
        bool removeOnCapture = false;
    } predators;
    struct Obstacles {
        Avoidance avoidance;
        std::vector<Sphere> spheres;
    } obstacles;
    struct Goal {
        double x = 0, y = 0, z = 0, radius = 1, weight = 0;
    } goal;
    struct Noise {
        double strength = 0;
    } noise;
};

// ------------------------------------------------------------------ random streams

namespace detail {

inline constexpr double PI = 3.141592653589793;
inline constexpr std::uint64_t GOLDEN = 0x9e3779b97f4a7c15ULL;

/** Stafford's variant 13 of the MurmurHash3 finaliser (Java's SplittableRandom.mix64). */
inline std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/** (v >>> 11) · 2^-53, a double in [0, 1) (Java's nextDouble). */
inline double unit_double(std::uint64_t v) {
    return static_cast<double>(v >> 11) * 0x1.0p-53;
}

}  // namespace detail

/** java.util.SplittableRandom(seed): nextLong and nextDouble, bit for bit. */
class SplittableRandom {
public:
    explicit SplittableRandom(std::int64_t seed) : seed_(static_cast<std::uint64_t>(seed)) {}
    std::int64_t next_long() { return static_cast<std::int64_t>(detail::mix64(seed_ += detail::GOLDEN)); }
    double next_double() { return detail::unit_double(detail::mix64(seed_ += detail::GOLDEN)); }

private:
    std::uint64_t seed_;
};

/** The engine's keyed per-step streams (BoidRandom): a pure function of (run key, step, boid id). */
class BoidRandom {
public:
    explicit BoidRandom(std::int64_t run_key = 0) : key_(static_cast<std::uint64_t>(run_key)) {}

    /** state = mix64(mix64(runKey + step·GOLDEN) + id) */
    void start(std::int64_t step, std::int32_t id) {
        std::uint64_t s = detail::mix64(key_ + static_cast<std::uint64_t>(step) * detail::GOLDEN);
        state_ = detail::mix64(s + static_cast<std::uint64_t>(static_cast<std::int64_t>(id)));
    }

    double next_double() { return detail::unit_double(detail::mix64(state_ += detail::GOLDEN)); }

    /** Box–Muller, one value per pair of draws (BoidRandom.nextGaussian). */
    double next_gaussian() {
        double u = 1.0 - next_double();
        double v = next_double();
        return std::sqrt(-2 * std::log(u)) * std::cos(2 * detail::PI * v);
    }

private:
    std::uint64_t key_;
    std::uint64_t state_ = 0;
};

// ------------------------------------------------------------------ geometry (space/Periodic, Turning)

namespace detail {

/** Java's Math.toRadians: degrees times the double nearest π/180. */
inline double to_radians(double degrees) { return degrees * 0.017453292519943295; }

/** Periodic.minimumImage: a difference in a periodic box reduced to [-size/2, size/2]. */
inline double minimum_image(double delta, double size) {
    double half = 0.5 * size;
    if (delta > half) return delta - size;
    if (delta < -half) return delta + size;
    return delta;
}

/** Periodic.wrap: a coordinate into [-size/2, size/2). */
inline double wrap(double c, double size) {
    double half = 0.5 * size;
    if (c >= half) c -= size;
    else if (c < -half) c += size;
    if (c >= half || c < -half) {
        c -= size * std::floor((c + half) / size);
        if (c < -half) c += size;   // the reduction rounds to either side
        if (c >= half) c = -half;
    }
    return c;
}

/** An angle into (-π, π] (Java's % is C's fmod). */
inline double wrap_angle(double a) {
    const double two_pi = 2 * PI;
    a = std::fmod(a, two_pi);
    if (a > PI) a -= two_pi;
    else if (a <= -PI) a += two_pi;
    return a;
}

inline double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/** Turning.toward: the unit heading h turned toward the unit direction g by at most max_angle radians. */
inline void toward(double hx, double hy, double hz, double gx, double gy, double gz, double max_angle, bool three_d,
                   double out[3]) {
    double cos = clamp(hx * gx + hy * gy + hz * gz, -1, 1);
    double angle = std::acos(cos);
    if (angle <= max_angle) {
        out[0] = gx; out[1] = gy; out[2] = gz;
        return;
    }
    double px = gx - cos * hx, py = gy - cos * hy, pz = gz - cos * hz;
    double len = std::sqrt(px * px + py * py + pz * pz);
    if (len < 1e-12) {
        if (three_d && std::abs(hz) < 0.9) { px = -hy; py = hx; pz = 0; }
        else if (three_d) { px = 0; py = -hz; pz = hy; }
        else { px = -hy; py = hx; pz = 0; }
        len = std::sqrt(px * px + py * py + pz * pz);
    }
    double c = std::cos(max_angle), sn = std::sin(max_angle) / len;
    out[0] = c * hx + sn * px; out[1] = c * hy + sn * py; out[2] = c * hz + sn * pz;
}

}  // namespace detail

// ------------------------------------------------------------------ state

/** One boid or predator of a state (ids: boids' own, predators' their index). */
struct Agent {
    std::int32_t id = 0;
    double x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0;
};

/** A flock's state: boids (any order) and predators (by index). */
struct State {
    std::vector<Agent> boids;
    std::vector<Agent> predators;
};

/** A capture: at step, predator (index) caught boid (id). */
struct Capture {
    std::int64_t step;
    int predator;
    std::int32_t boid;
};

// ------------------------------------------------------------------ the simulation

/**
 * A running flock. Boids live in flat arrays in ascending id order (x, y, z, vx, vy, vz, id; the
 * first count() entries), predators in px ... pvz. 2D keeps every z at 0. A step allocates
 * nothing (captures are appended to a list).
 */
class Simulation {
public:
    /** As Java's Simulation.of(preset, seed): the random initial state and run key from SplittableRandom(seed). */
    static Simulation from_seed(const Preset& preset, std::int64_t seed) {
        SplittableRandom random(seed);
        bool three_d = preset.world.dimension == 3;
        int n = preset.boids.count;
        double spawn = std::min(preset.boids.spawnSize, preset.world.size);
        double speed = preset.boids.initialSpeed;
        State state;
        state.boids.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            Agent b;
            b.id = i;
            b.x = spawn * (random.next_double() - 0.5);
            b.y = spawn * (random.next_double() - 0.5);
            b.z = three_d ? spawn * (random.next_double() - 0.5) : 0;
            double ux, uy, uz;
            if (three_d) {
                double cz = 2 * random.next_double() - 1;
                double phi = 2 * detail::PI * random.next_double();
                double r = std::sqrt(std::max(0.0, 1 - cz * cz));
                ux = r * std::cos(phi); uy = r * std::sin(phi); uz = cz;
            } else {
                double phi = 2 * detail::PI * random.next_double();
                ux = std::cos(phi); uy = std::sin(phi); uz = 0;
            }
            b.vx = speed * ux; b.vy = speed * uy; b.vz = speed * uz;
            state.boids.push_back(b);
        }
        state.predators = draw_predators(preset, random);
        std::int64_t key = random.next_long();
        return Simulation(preset, state, key);
    }

    /**
     * As Java's Simulation.of(preset, seed, state) when the state has predators, else
     * Simulation.ofBoids: the predators drawn from the seed as from_seed draws them.
     */
    static Simulation from_state(const Preset& preset, std::int64_t seed, State state) {
        SplittableRandom random(seed);
        if (state.predators.empty()) state.predators = draw_predators(preset, random);
        std::int64_t key = random.next_long();
        return Simulation(preset, state, key);
    }

    /** Advances the flock and the predators by one step (Simulation.step). */
    void step() {
        int n = count_;
        build_grid();
        if (need_unit_) for (int s = 0; s < n; ++s) cache_unit(s);
        if (need_heading_) for (int s = 0; s < n; ++s) heading_[s] = std::atan2(vy_[s], vx_[s]);
        gather(n);
        if (global_) {
            g_ = Sums{};
            for (int s = 0; s < n; ++s) add_to_global_sums(s, +1);
        }
        if (ali_ == Alignment::Kind::summedVelocityMatch) {
            last_id_ = -1;
            for (int s = 0; s < n; ++s) last_id_ = std::max(last_id_, id_[s]);
        }
        scan_all_ = false;
        if (sequential_) {
            // one by one in id order (the arrays are in id order), in place
            double slack2 = slack_ * slack_;
            for (int s = 0; s < n; ++s) {
                if (global_) add_to_global_sums(s, -1);
                double ox = x_[s], oy = y_[s], oz = z_[s];
                update_boid(s, n, x_.data(), y_.data(), z_.data(), vx_.data(), vy_.data(), vz_.data());
                if (step_unbounded_ && !scan_all_) {
                    double dx = x_[s] - ox, dy = y_[s] - oy, dz = z_[s] - oz;
                    if (wrap_positions_) {
                        dx = detail::minimum_image(dx, size_); dy = detail::minimum_image(dy, size_);
                        dz = detail::minimum_image(dz, size_);
                    }
                    scan_all_ = dx * dx + dy * dy + dz * dz > slack2;
                }
                if (need_unit_) cache_unit(s);
                if (need_heading_) heading_[s] = std::atan2(vy_[s], vx_[s]);
                copy_slot(s, slot_of_[s]);
                if (global_) add_to_global_sums(s, +1);
            }
        } else {
            for (int s = 0; s < n; ++s) update_boid(s, n, nx_.data(), ny_.data(), nz_.data(), nvx_.data(), nvy_.data(), nvz_.data());
            x_.swap(nx_); y_.swap(ny_); z_.swap(nz_);
            vx_.swap(nvx_); vy_.swap(nvy_); vz_.swap(nvz_);
        }
        if (mot_ == Motion::Kind::moveThenClamp) clamp_then_bound(n);
        ++step_count_;
        if (predator_count_ > 0) {
            move_predators();
            capture(step_count_);
        }
    }

    /** @return live boids */
    int count() const { return count_; }
    /** @return predators */
    int predator_count() const { return predator_count_; }
    /** @return steps run */
    std::int64_t step_count() const { return step_count_; }
    const Preset& preset() const { return preset_; }
    const std::vector<Capture>& captures() const { return captures_; }

    // boids in id order: the first count() entries
    const std::int32_t* id() const { return id_.data(); }
    const double* x() const { return x_.data(); }
    const double* y() const { return y_.data(); }
    const double* z() const { return z_.data(); }
    const double* vx() const { return vx_.data(); }
    const double* vy() const { return vy_.data(); }
    const double* vz() const { return vz_.data(); }
    // predators by index
    const double* px() const { return px_.data(); }
    const double* py() const { return py_.data(); }
    const double* pz() const { return pz_.data(); }
    const double* pvx() const { return pvx_.data(); }
    const double* pvy() const { return pvy_.data(); }
    const double* pvz() const { return pvz_.data(); }

    /** @return the state (boids in id order) */
    State state() const {
        State out;
        for (int i = 0; i < count_; ++i) out.boids.push_back({id_[i], x_[i], y_[i], z_[i], vx_[i], vy_[i], vz_[i]});
        for (int k = 0; k < predator_count_; ++k) out.predators.push_back({k, px_[k], py_[k], pz_[k], pvx_[k], pvy_[k], pvz_[k]});
        return out;
    }

    /** Overwrites positions and velocities from state (same boid ids in the same order, same predator count); allocates nothing. */
    void restore(const State& state) {
        if (static_cast<int>(state.boids.size()) != count_ || static_cast<int>(state.predators.size()) != predator_count_) {
            throw std::invalid_argument("restore: the state has other counts than the simulation");
        }
        for (int i = 0; i < count_; ++i) {
            const Agent& b = state.boids[static_cast<std::size_t>(i)];
            id_[i] = b.id; x_[i] = b.x; y_[i] = b.y; z_[i] = b.z; vx_[i] = b.vx; vy_[i] = b.vy; vz_[i] = b.vz;
        }
        for (int k = 0; k < predator_count_; ++k) {
            const Agent& p = state.predators[static_cast<std::size_t>(k)];
            px_[k] = p.x; py_[k] = p.y; pz_[k] = p.z; pvx_[k] = p.vx; pvy_[k] = p.vy; pvz_[k] = p.vz;
        }
    }

    /** Polarization |Σ v̂_i| / N in [0, 1] (MetricProbe.polarization). */
    double polarization() const {
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < count_; ++i) {
            double l = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i] + vz_[i] * vz_[i]);
            if (l > 0) { sx += vx_[i] / l; sy += vy_[i] / l; sz += vz_[i] / l; }
        }
        return std::sqrt(sx * sx + sy * sy + sz * sz) / count_;
    }

    /**
     * Milling |Σ r̂_ic × v̂_i| / N in [0, 1] about the periodic-aware centroid (MetricProbe.milling).
     * MetricProbe.milling → choice: the centroid is unwrapped around a reference boid, Java's first
     * storage slot (its grid's cell order); here the lowest id. A flock spread over the whole torus
     * has no defined centroid, and there the two values differ.
     */
    double milling() const {
        int n = count_;
        double cx = x_[0], cy = y_[0], cz = z_[0];
        int passes = periodic_ ? 2 : 1;
        for (int pass = 0; pass < passes; ++pass) {
            double sx = 0, sy = 0, sz = 0;
            for (int i = 0; i < n; ++i) { sx += delta(x_[i] - cx); sy += delta(y_[i] - cy); sz += delta(z_[i] - cz); }
            cx += sx / n; cy += sy / n; cz += sz / n;
            if (periodic_) {
                cx = detail::wrap(cx, size_); cy = detail::wrap(cy, size_);
                if (three_d_) cz = detail::wrap(cz, size_);
            }
        }
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < n; ++i) {
            double rx = delta(x_[i] - cx), ry = delta(y_[i] - cy), rz = delta(z_[i] - cz);
            double r = std::sqrt(rx * rx + ry * ry + rz * rz);
            double speed = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i] + vz_[i] * vz_[i]);
            if (r > 0 && speed > 0) {
                double scale = 1 / (r * speed);
                sx += (ry * vz_[i] - rz * vy_[i]) * scale;
                sy += (rz * vx_[i] - rx * vz_[i]) * scale;
                sz += (rx * vy_[i] - ry * vx_[i]) * scale;
            }
        }
        return std::sqrt(sx * sx + sy * sy + sz * sz) / n;
    }

    /** Mean boid speed (1/N) Σ |v_i| (MetricProbe.meanSpeed). */
    double mean_speed() const {
        double sum = 0;
        for (int i = 0; i < count_; ++i) sum += std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i] + vz_[i] * vz_[i]);
        return sum / count_;
    }

private:
    struct Sums {
        double px = 0, py = 0, pz = 0, vx = 0, vy = 0, vz = 0, ux = 0, uy = 0, uz = 0, heading = 0;
    };

    /** The neighbour grid: boids sorted into cells, as flock.mjs's buildGrid. */
    struct Grid {
        bool all = true;
        int cells[3] = {1, 1, 1};
        double lo[3] = {0, 0, 0};
        double width[3] = {1, 1, 1};
        std::vector<int> order, home, hx, hy, hz, start, fill;
    };

    static std::vector<Agent> draw_predators(const Preset& preset, SplittableRandom& random) {
        bool three_d = preset.world.dimension == 3;
        double world = preset.world.size;
        std::vector<Agent> out;
        for (int k = 0; k < preset.predators.count; ++k) {
            Agent p;
            p.id = k;
            p.x = world * (random.next_double() - 0.5);
            p.y = world * (random.next_double() - 0.5);
            p.z = three_d ? world * (random.next_double() - 0.5) : 0;
            out.push_back(p);
        }
        return out;
    }

    Simulation(const Preset& preset, State state, std::int64_t run_key) : preset_(preset), random_(run_key) {
        if (preset.format != FORMAT) throw std::invalid_argument("format = " + preset.format + ": must be " + FORMAT);
        if (preset.world.dimension != 2 && preset.world.dimension != 3) {
            throw std::invalid_argument("world.dimension = " + std::to_string(preset.world.dimension) + ": must be 2 or 3");
        }
        if (state.boids.empty()) throw std::invalid_argument("boids: a flock needs at least one boid");
        std::sort(state.boids.begin(), state.boids.end(), [](const Agent& a, const Agent& b) { return a.id < b.id; });
        std::size_t n = state.boids.size();
        count_ = static_cast<int>(n);
        for (auto* a : {&x_, &y_, &z_, &vx_, &vy_, &vz_, &nx_, &ny_, &nz_, &nvx_, &nvy_, &nvz_, &ux_, &uy_, &uz_, &heading_,
                        &cx_, &cy_, &cz_, &cvx_, &cvy_, &cvz_, &cux_, &cuy_, &cuz_, &cheading_}) {
            a->assign(n, 0.0);
        }
        id_.assign(n, 0);
        slot_of_.assign(n, 0);
        near_m_.assign(n + 1, 0);
        for (auto* a : {&near_dx_, &near_dy_, &near_dz_, &near_d2s_}) a->assign(n + 1, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const Agent& b = state.boids[i];
            id_[i] = b.id; x_[i] = b.x; y_[i] = b.y; z_[i] = b.z; vx_[i] = b.vx; vy_[i] = b.vy; vz_[i] = b.vz;
        }
        std::size_t m = state.predators.size();
        predator_count_ = static_cast<int>(m);
        for (auto* a : {&px_, &py_, &pz_, &pvx_, &pvy_, &pvz_}) a->assign(m, 0.0);
        for (std::size_t k = 0; k < m; ++k) {
            const Agent& p = state.predators[k];
            px_[k] = p.x; py_[k] = p.y; pz_[k] = p.z; pvx_[k] = p.vx; pvy_[k] = p.vy; pvz_[k] = p.vz;
        }
        grid_.order.assign(n, 0); grid_.home.assign(n, 0);
        grid_.hx.assign(n, 0); grid_.hy.assign(n, 0); grid_.hz.assign(n, 0);
        grid_.start.assign(4 * n + 65, 0); grid_.fill.assign(4 * n + 64, 0);
        configure();
    }

    /** Reads the preset's parameters into plain fields (flock.mjs configure). */
    void configure() {
        const Preset& p = preset_;
        three_d_ = p.world.dimension == 3;
        size_ = p.world.size;
        half_ = 0.5 * size_;
        sequential_ = p.update != Update::synchronous;
        in_place_ = p.update == Update::sequential_in_place;
        bnd_ = p.world.boundary.kind;
        periodic_ = bnd_ == Boundary::Kind::wrap;
        wrap_positions_ = bnd_ == Boundary::Kind::wrap || bnd_ == Boundary::Kind::wrapPositionsOnly;
        soft_margin_ = bnd_ == Boundary::Kind::softMargin ? p.world.boundary.margin : 0;
        soft_turn_ = bnd_ == Boundary::Kind::softMargin ? p.world.boundary.turn : 0;

        const Separation& s = p.separation;
        sep_ = s.kind;
        sep_r2_ = s.radius * s.radius;
        sep_weight_ = s.weight;
        sep_strength_ = s.kind == Separation::Kind::inverseSquareClamped ? s.strength : 0;
        sep_max_force_ = s.kind == Separation::Kind::inverseSquareClamped ? s.maxForce : 0;

        const Neighbourhood& nb = p.neighbourhood;
        exclude_coincident_ = nb.kind == Neighbourhood::Kind::metricExcludingCoincident;
        metric_ = nb.kind == Neighbourhood::Kind::metric || exclude_coincident_ || nb.kind == Neighbourhood::Kind::fieldOfView;
        nb_r2_ = metric_ ? nb.radius * nb.radius : 0;
        field_of_view_cos_ = nb.kind == Neighbourhood::Kind::fieldOfView && nb.angle < 360
                ? std::cos(detail::to_radians(nb.angle / 2)) : -2;
        topological_ = nb.kind == Neighbourhood::Kind::topological;
        topological_count_ = topological_ ? nb.count : 0;
        near_slots_.assign(static_cast<std::size_t>(topological_count_), 0);
        near_d2_.assign(static_cast<std::size_t>(topological_count_), 0.0);
        global_ = nb.kind == Neighbourhood::Kind::global;

        const Alignment& a = p.alignment;
        ali_ = a.kind;
        ali_weight_ = a.weight;
        ali_max_force_ = a.kind == Alignment::Kind::meanVelocityLimited ? a.maxForce : 0;
        vicsek_noise_ = a.kind == Alignment::Kind::vicsek ? a.noise : 0;
        orientation_r2_ = a.kind == Alignment::Kind::zonal ? a.radius * a.radius : 0;
        need_unit_ = a.kind == Alignment::Kind::meanForward || a.kind == Alignment::Kind::circularHeadingBlend
                || a.kind == Alignment::Kind::vicsek || a.kind == Alignment::Kind::zonal;
        need_heading_ = a.kind == Alignment::Kind::headingBlend;

        const Cohesion& c = p.cohesion;
        coh_ = c.kind;
        coh_weight_ = c.weight;
        coh_arrival_ = c.kind == Cohesion::Kind::steerTo ? c.arrivalRadius : 0;
        coh_max_force_ = c.kind == Cohesion::Kind::steerTo ? c.maxForce : 0;

        min_speed_ = p.boids.minSpeed;
        max_speed_ = p.boids.maxSpeed;
        const Motion& mo = p.motion;
        mot_ = mo.kind;
        dt_ = mo.dt;
        mot_max_force_ = mo.kind == Motion::Kind::steering ? mo.maxForce : 0;
        const_speed_ = mo.kind == Motion::Kind::constantSpeed || mo.kind == Motion::Kind::turningRate ? mo.speed : 0;
        turn_factor_ = mo.kind == Motion::Kind::constantSpeed ? mo.turnFactor : 0;
        max_turn_per_step_ = mo.kind == Motion::Kind::turningRate ? detail::to_radians(mo.maxTurnRate) * mo.dt : 0;
        heading_error_ = mo.kind == Motion::Kind::turningRate ? mo.headingError : 0;

        const Preset::Goal& g = p.goal;
        goal_x_ = g.x; goal_y_ = g.y; goal_z_ = g.z;
        goal_r2_ = g.radius * g.radius; goal_weight_ = g.weight;

        const Preset::Predators& pr = p.predators;
        flee_r2_ = pr.fleeRadius * pr.fleeRadius;
        flee_weight_ = pr.fleeWeight;
        pred_max_speed_ = pr.maxSpeed;
        capture_r2_ = pr.captureRadius * pr.captureRadius;
        remove_on_capture_ = pr.removeOnCapture;
        const PredatorBehaviour& pb = pr.behaviour;
        pred_kind_ = pb.kind;
        bool centroid = pb.kind == PredatorBehaviour::Kind::chaseCentroid;
        pred_power_ = centroid ? pb.power : 0;
        pred_sight_r2_ = centroid ? 0 : pb.visualRange * pb.visualRange;
        pred_view_cos_ = centroid || pb.fieldOfView >= 360 ? -2 : std::cos(detail::to_radians(pb.fieldOfView / 2));
        // predators keep the boids' clock: velocities per time unit, a step moves u·dt (Predation)
        pred_dt_ = mo.dt;
        pred_max_turn_ = centroid ? 0 : detail::to_radians(pb.maxTurn) * pred_dt_;

        obstacles_ = p.obstacles.spheres;
        const Avoidance& av = p.obstacles.avoidance;
        obs_ = av.kind;
        obs_range_ = av.kind == Avoidance::Kind::forceField ? av.range : av.lookAhead;
        obs_weight_ = av.weight;
        obs_clearance_ = av.kind == Avoidance::Kind::steerToAvoid ? av.clearance : 0;
        noise_ = p.noise.strength;
        // a sequential step whose length is not bounded by maxSpeed·dt: a boid that moved farther than
        // the grid's slack makes the rest of the step scan every boid, as the Java engine does
        step_unbounded_ = sequential_ && (mot_ == Motion::Kind::moveThenClamp || mot_ == Motion::Kind::unclamped);
        draws_per_boid_ = noise_ > 0 || ali_ == Alignment::Kind::vicsek || (mot_ == Motion::Kind::turningRate && heading_error_ > 0);
    }

    double delta(double d) const { return periodic_ ? detail::minimum_image(d, size_) : d; }

    void cache_unit(int s) {
        double a = vx_[s], b = vy_[s], c = vz_[s];
        double len = std::sqrt(a * a + b * b + c * c);
        if (len > 0) { ux_[s] = a / len; uy_[s] = b / len; uz_[s] = c / len; }
        else { ux_[s] = 0; uy_[s] = 0; uz_[s] = 0; }
    }

    /**
     * Copies what the neighbour loop reads into grid order, so the candidates of a cell block are
     * contiguous in memory (the Java engine keeps its flock in cell order for the same reason).
     */
    void gather(int n) {
        const int* order = grid_.order.data();
        for (int m = 0; m < n; ++m) {
            slot_of_[order[m]] = m;
            copy_slot(order[m], m);
        }
    }

    /** Copies boid slot s into grid slot m. */
    void copy_slot(int s, int m) {
        cx_[m] = x_[s]; cy_[m] = y_[s]; cz_[m] = z_[s];
        cvx_[m] = vx_[s]; cvy_[m] = vy_[s]; cvz_[m] = vz_[s];
        if (need_unit_) { cux_[m] = ux_[s]; cuy_[m] = uy_[s]; cuz_[m] = uz_[s]; }
        if (need_heading_) cheading_[m] = heading_[s];
    }

    void add_to_global_sums(int s, double sign) {
        g_.px += sign * x_[s]; g_.py += sign * y_[s]; g_.pz += sign * z_[s];
        g_.vx += sign * vx_[s]; g_.vy += sign * vy_[s]; g_.vz += sign * vz_[s];
        if (need_unit_) { g_.ux += sign * ux_[s]; g_.uy += sign * uy_[s]; g_.uz += sign * uz_[s]; }
        if (need_heading_) g_.heading += sign * heading_[s];
    }

    /**
     * Sorts the boids into cells of side >= the interaction reach (+ the largest step in a
     * sequential update), so a boid's candidates are the boids of its 3^d block of cells; in a
     * periodic world with fewer than 3 cells a side, every boid is a candidate.
     */
    void build_grid() {
        int n = count_;
        double reach = std::sqrt(std::max(sep_r2_, metric_ ? nb_r2_ : 0));
        slack_ = 0;
        if (sequential_) {
            slack_ = mot_ == Motion::Kind::constantSpeed || mot_ == Motion::Kind::turningRate ? const_speed_ * dt_ : max_speed_ * dt_;
            reach += slack_;
        }
        Grid& g = grid_;
        double lo[3], hi[3];
        if (wrap_positions_) {   // wrapPositionsOnly: the cells wrap with the positions, distances do not
            for (int d = 0; d < 3; ++d) { lo[d] = -half_; hi[d] = half_; }
        } else {
            const double inf = std::numeric_limits<double>::infinity();
            lo[0] = lo[1] = inf; hi[0] = hi[1] = -inf;
            lo[2] = three_d_ ? inf : 0; hi[2] = three_d_ ? -inf : 0;
            for (int i = 0; i < n; ++i) {
                if (x_[i] < lo[0]) lo[0] = x_[i];
                if (x_[i] > hi[0]) hi[0] = x_[i];
                if (y_[i] < lo[1]) lo[1] = y_[i];
                if (y_[i] > hi[1]) hi[1] = y_[i];
                if (three_d_) {
                    if (z_[i] < lo[2]) lo[2] = z_[i];
                    if (z_[i] > hi[2]) hi[2] = z_[i];
                }
            }
        }
        int dims = three_d_ ? 3 : 2;
        double cell = reach;
        int cells[3];
        auto cells_for = [&](double c) {
            for (int d = 0; d < 3; ++d) {
                double k = d < dims ? std::floor((hi[d] - lo[d]) / c) : 1;
                // as JS's Math.max(1, Math.floor(...) || 1): NaN and 0 give 1; capped before the int conversion
                cells[d] = !(k >= 1) ? 1 : k > 1e9 ? 1000000000 : static_cast<int>(k);
            }
        };
        cells_for(cell);
        double cap = 4.0 * n + 64;
        while (static_cast<double>(cells[0]) * cells[1] * cells[2] > cap) { cell *= 1.5; cells_for(cell); }
        g.all = !(reach > 0) || !std::isfinite(reach)
                || (wrap_positions_ && (cells[0] < 3 || cells[1] < 3 || (three_d_ && cells[2] < 3)));
        if (g.all) {
            for (int i = 0; i < n; ++i) g.order[i] = i;
            return;
        }
        for (int d = 0; d < 3; ++d) {
            g.cells[d] = cells[d];
            g.lo[d] = lo[d];
            g.width[d] = d < dims ? (hi[d] - lo[d]) / cells[d] : 1;
        }
        int total = cells[0] * cells[1] * cells[2];
        std::fill(g.start.begin(), g.start.begin() + total + 1, 0);
        int cx = cells[0], cy = cells[1];
        for (int i = 0; i < n; ++i) {
            int a = cell_coordinate(x_[i], 0), b = cell_coordinate(y_[i], 1), d = cell_coordinate(z_[i], 2);
            g.hx[i] = a; g.hy[i] = b; g.hz[i] = d;
            int c = (d * cy + b) * cx + a;
            g.home[i] = c;
            g.start[c + 1]++;
        }
        for (int c = 0; c < total; ++c) g.start[c + 1] += g.start[c];
        std::copy(g.start.begin(), g.start.begin() + total, g.fill.begin());
        for (int i = 0; i < n; ++i) g.order[g.fill[g.home[i]]++] = i;
    }

    int cell_coordinate(double v, int d) const {
        double c = std::floor((v - grid_.lo[d]) / grid_.width[d]);
        return c < 0 ? 0 : c >= grid_.cells[d] ? grid_.cells[d] - 1 : static_cast<int>(c);
    }

    /** Writes into runs_ the [from, to) ranges of grid order holding slot s's candidates; returns their number. */
    int candidate_runs(int s) {
        const Grid& g = grid_;
        if (g.all || scan_all_) { runs_[0] = 0; runs_[1] = count_; return 1; }   // the order holds every boid
        const int* cells = g.cells;
        bool periodic = wrap_positions_;
        int hx0 = g.hx[s], hy0 = g.hy[s], hz0 = g.hz[s];
        int zr = three_d_ ? 1 : 0;
        int count = 0;
        for (int oz = -zr; oz <= zr; ++oz) {
            int cz = hz0 + oz;
            if (cz < 0) { if (!periodic) continue; cz += cells[2]; } else if (cz >= cells[2]) { if (!periodic) continue; cz -= cells[2]; }
            for (int oy = -1; oy <= 1; ++oy) {
                int cy = hy0 + oy;
                if (cy < 0) { if (!periodic) continue; cy += cells[1]; } else if (cy >= cells[1]) { if (!periodic) continue; cy -= cells[1]; }
                for (int ox = -1; ox <= 1; ++ox) {
                    int cx = hx0 + ox;
                    if (cx < 0) { if (!periodic) continue; cx += cells[0]; } else if (cx >= cells[0]) { if (!periodic) continue; cx -= cells[0]; }
                    int c = (cz * cells[1] + cy) * cells[0] + cx;
                    if (g.start[c] < g.start[c + 1]) { runs_[2 * count] = g.start[c]; runs_[2 * count + 1] = g.start[c + 1]; ++count; }
                }
            }
        }
        return count;
    }

    /** moveThenClamp's end of step: every speed clamped, then the soft margin's turn or the hard bound by the new position. */
    void clamp_then_bound(int n) {
        double half = half_, lo = -half - soft_margin_, hi = half + soft_margin_, turn = soft_turn_;
        for (int s = 0; s < n; ++s) {
            double speed = std::sqrt(vx_[s] * vx_[s] + vy_[s] * vy_[s] + vz_[s] * vz_[s]);
            if (speed > max_speed_) {
                double f = max_speed_ / speed;
                vx_[s] *= f; vy_[s] *= f; vz_[s] *= f;
            } else if (speed < min_speed_ && speed > 0) {
                double f = min_speed_ / speed;
                vx_[s] *= f; vy_[s] *= f; vz_[s] *= f;
            }
            if (bnd_ == Boundary::Kind::softMargin) {
                if (x_[s] < lo) vx_[s] += turn; else if (x_[s] > hi) vx_[s] -= turn;
                if (y_[s] < lo) vy_[s] += turn; else if (y_[s] > hi) vy_[s] -= turn;
                if (three_d_) { if (z_[s] < lo) vz_[s] += turn; else if (z_[s] > hi) vz_[s] -= turn; }
            } else if (bnd_ == Boundary::Kind::hard) {
                bounce(x_[s], vx_[s], half);
                bounce(y_[s], vy_[s], half);
                if (three_d_) bounce(z_[s], vz_[s], half);
            }
        }
    }

    /** The hard boundary on one axis: a coordinate past ±half is set onto the wall and its velocity points inward. */
    static void bounce(double& c, double& v, double half) {
        if (c > half) { c = half; v = -std::abs(v); }
        else if (c < -half) { c = -half; v = std::abs(v); }
    }

    /** The k nearest other boids of slot s (all pairs; ties by slot = id order). */
    int nearest(int s, double xi, double yi, double zi) {
        int k = topological_count_;
        int found = 0;
        for (int j = 0; j < count_; ++j) {
            if (j == s) continue;
            double dx = delta(x_[j] - xi), dy = delta(y_[j] - yi), dz = delta(z_[j] - zi);
            double d2 = dx * dx + dy * dy + dz * dz;
            int at;
            if (found < k) at = found++;
            else if (d2 < near_d2_[k - 1]) at = k - 1;
            else continue;
            while (at > 0 && near_d2_[at - 1] > d2) { near_d2_[at] = near_d2_[at - 1]; near_slots_[at] = near_slots_[at - 1]; --at; }
            near_d2_[at] = d2; near_slots_[at] = j;
        }
        return found;
    }

    /** The fused kernel (Simulation/BoidUpdate): new position and velocity of slot s. */
    void update_boid(int s, int n, double* out_x, double* out_y, double* out_z, double* out_vx, double* out_vy, double* out_vz) {
        const double* sx = x_.data(); const double* sy = y_.data(); const double* sz = z_.data();
        const double* svx = vx_.data(); const double* svy = vy_.data(); const double* svz = vz_.data();
        const double xi = sx[s], yi = sy[s], zi = sz[s];
        const double vxi = svx[s], vyi = svy[s], vzi = svz[s];
        if (draws_per_boid_) random_.start(step_count_, id_[s]);
        const bool periodic = periodic_, three_d = three_d_;
        const double size = size_;
        const double sep_r2 = sep_r2_, nb_r2 = nb_r2_, orientation_r2 = orientation_r2_;
        const double* ux = ux_.data(); const double* uy = uy_.data(); const double* uz = uz_.data();
        const double* heading = heading_.data();
        const bool need_unit = need_unit_, need_heading = need_heading_;

        int sep_inv_count = 0, nb_count = 0, att_count = 0;
        double sep_x = 0, sep_y = 0, sep_z = 0, inv_x = 0, inv_y = 0, inv_z = 0;
        double nb_vx = 0, nb_vy = 0, nb_vz = 0, nb_ox = 0, nb_oy = 0, nb_oz = 0;
        double nb_ux = 0, nb_uy = 0, nb_uz = 0, nb_heading = 0;
        double zone_x = 0, zone_y = 0, zone_z = 0, att_x = 0, att_y = 0, att_z = 0;
        const bool metric = metric_, exclude_coincident = exclude_coincident_;
        const bool zonal = ali_ == Alignment::Kind::zonal;
        const bool sep_zonal = sep_ == Separation::Kind::zonal;
        double view_cos = field_of_view_cos_, hx = 0, hy = 0, hz = 0;
        if (view_cos > -2) {
            double speed = std::sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
            if (speed > 0) { hx = vxi / speed; hy = vyi / speed; hz = vzi / speed; } else view_cos = -2;
        }
        const double reach2 = std::max(sep_r2, metric ? nb_r2 : 0);
        const int run_count = candidate_runs(s);
        const int self = slot_of_[s];
        const double* cx = cx_.data(); const double* cy = cy_.data(); const double* cz = cz_.data();
        const double* cvx = cvx_.data(); const double* cvy = cvy_.data(); const double* cvz = cvz_.data();
        const double* cux = cux_.data(); const double* cuy = cuy_.data(); const double* cuz = cuz_.data();
        const double* cheading = cheading_.data();
        // first the candidates within reach, without a branch on the distance (it is taken at
        // random), then the rules' sums over them in the same order
        int* near = near_m_.data();
        double* near_dx = near_dx_.data(); double* near_dy = near_dy_.data(); double* near_dz = near_dz_.data();
        double* near_d2 = near_d2s_.data();
        int within = 0;
        for (int r = 0; r < run_count; ++r) {
            for (int m = runs_[2 * r], end = runs_[2 * r + 1]; m < end; ++m) {   // m: grid slot
                double dx = cx[m] - xi, dy = cy[m] - yi, dz = three_d ? cz[m] - zi : 0;
                if (periodic) {
                    dx = detail::minimum_image(dx, size); dy = detail::minimum_image(dy, size);
                    if (three_d) dz = detail::minimum_image(dz, size);
                }
                const double d2 = dx * dx + dy * dy + dz * dz;
                near[within] = m; near_dx[within] = dx; near_dy[within] = dy; near_dz[within] = dz; near_d2[within] = d2;
                within += static_cast<int>(d2 < reach2) & static_cast<int>(m != self);
            }
        }
        for (int c = 0; c < within; ++c) {
            {
                const int m = near[c];
                const double dx = near_dx[c], dy = near_dy[c], dz = near_dz[c], d2 = near_d2[c];
                if (view_cos > -2 && (d2 < sep_r2 || d2 < nb_r2) && hx * dx + hy * dy + hz * dz < view_cos * std::sqrt(d2)) continue;
                if (d2 < sep_r2) {
                    sep_x -= dx; sep_y -= dy; sep_z -= dz;
                    if (d2 > 0) {
                        const double inv = 1.0 / d2;
                        ++sep_inv_count;
                        inv_x -= dx * inv; inv_y -= dy * inv; inv_z -= dz * inv;
                        if (sep_zonal) {
                            const double inv_d = std::sqrt(inv);
                            zone_x -= dx * inv_d; zone_y -= dy * inv_d; zone_z -= dz * inv_d;
                        }
                    }
                    if (zonal) continue;
                }
                if (metric && d2 < nb_r2 && (d2 > 0 || !exclude_coincident)) {
                    if (zonal) {
                        if (d2 < orientation_r2) {
                            ++nb_count;
                            nb_ux += cux[m]; nb_uy += cuy[m]; nb_uz += cuz[m];
                        } else if (d2 > 0) {
                            const double inv_d = 1.0 / std::sqrt(d2);
                            ++att_count;
                            att_x += dx * inv_d; att_y += dy * inv_d; att_z += dz * inv_d;
                        }
                        continue;
                    }
                    ++nb_count;
                    nb_vx += cvx[m]; nb_vy += cvy[m]; nb_vz += cvz[m];
                    nb_ox += dx; nb_oy += dy; nb_oz += dz;
                    if (need_unit) { nb_ux += cux[m]; nb_uy += cuy[m]; nb_uz += cuz[m]; }
                    if (need_heading) nb_heading += cheading[m];
                }
            }
        }
        if (topological_) {
            const int found = nearest(s, xi, yi, zi);
            for (int m = 0; m < found; ++m) {
                const int k = near_slots_[m];
                const double dx = delta(sx[k] - xi), dy = delta(sy[k] - yi), dz = delta(sz[k] - zi);
                ++nb_count;
                nb_vx += svx[k]; nb_vy += svy[k]; nb_vz += svz[k];
                nb_ox += dx; nb_oy += dy; nb_oz += dz;
                if (need_unit) { nb_ux += ux[k]; nb_uy += uy[k]; nb_uz += uz[k]; }
                if (need_heading) nb_heading += heading[k];
            }
        }
        if (global_) {
            // sequential: the own entry was taken out of the sums before this update
            const bool seq = sequential_;
            const int others = n - 1;
            const double px = seq ? g_.px : g_.px - xi, py = seq ? g_.py : g_.py - yi, pz = seq ? g_.pz : g_.pz - zi;
            nb_count = others;
            nb_vx = seq ? g_.vx : g_.vx - vxi; nb_vy = seq ? g_.vy : g_.vy - vyi; nb_vz = seq ? g_.vz : g_.vz - vzi;
            nb_ox = px - others * xi; nb_oy = py - others * yi; nb_oz = pz - others * zi;
            if (need_unit) {
                nb_ux = seq ? g_.ux : g_.ux - ux[s];
                nb_uy = seq ? g_.uy : g_.uy - uy[s];
                nb_uz = seq ? g_.uz : g_.uz - uz[s];
            }
            if (need_heading) nb_heading = seq ? g_.heading : g_.heading - heading[s];
        }

        // --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
        // place (002) cohesion, alignment, separation, each reading the velocity as changed so far
        double wx = vxi, wy = vyi, wz = vzi;
        double ax = 0, ay = 0, az = 0;
        double spx = 0, spy = 0, spz = 0;   // separation's output
        double chx = 0, chy = 0, chz = 0;   // cohesion's output
        bool repulsed = false;
        const double sep_weight = sep_weight_;
        const bool in_place = in_place_;
        switch (sep_) {
            case Separation::Kind::linear:
                spx = sep_weight * sep_x; spy = sep_weight * sep_y; spz = sep_weight * sep_z;
                break;
            case Separation::Kind::inverseDistance:
                if (sep_inv_count > 0) {
                    const double f = sep_weight / sep_inv_count;
                    spx = f * inv_x; spy = f * inv_y; spz = f * inv_z;
                }
                break;
            case Separation::Kind::inverseSquareClamped:
                if (sep_inv_count > 0) {
                    const double mx = inv_x / sep_inv_count, my = inv_y / sep_inv_count, mz = inv_z / sep_inv_count;
                    const double len = std::sqrt(mx * mx + my * my + mz * mz);
                    if (len > 0) {
                        const double f = sep_weight * std::min(sep_strength_ * len, sep_max_force_) / len;
                        spx = f * mx; spy = f * my; spz = f * mz;
                    }
                }
                break;
            case Separation::Kind::normalized: {
                const double len = std::sqrt(sep_x * sep_x + sep_y * sep_y + sep_z * sep_z);
                if (len > 0) {
                    const double f = sep_weight / len;
                    spx = f * sep_x; spy = f * sep_y; spz = f * sep_z;
                }
                break;
            }
            case Separation::Kind::zonal:
                if (sep_inv_count > 0) {
                    repulsed = true;
                    const double len = std::sqrt(zone_x * zone_x + zone_y * zone_y + zone_z * zone_z);
                    if (len > 0) {
                        const double f = sep_weight / len;
                        spx = f * zone_x; spy = f * zone_y; spz = f * zone_z;
                    }
                }
                break;
        }
        if (repulsed) { nb_count = 0; att_count = 0; }

        const double coh_weight = coh_weight_;
        if (coh_ == Cohesion::Kind::zonal) {
            const double len = std::sqrt(att_x * att_x + att_y * att_y + att_z * att_z);
            if (att_count > 0 && len > 0) {
                const double f = coh_weight / len;
                chx = f * att_x; chy = f * att_y; chz = f * att_z;
            }
        } else if (nb_count > 0) {
            const double cx = nb_ox / nb_count, cy = nb_oy / nb_count, cz = nb_oz / nb_count;
            switch (coh_) {
                case Cohesion::Kind::centroid:
                    chx = coh_weight * cx; chy = coh_weight * cy; chz = coh_weight * cz;
                    break;
                case Cohesion::Kind::steerTo: {
                    const double d = std::sqrt(cx * cx + cy * cy + cz * cz);
                    if (d > 0) {
                        const double desired = max_speed_ * (d < coh_arrival_ ? d / coh_arrival_ : 1) / d;
                        double tx = cx * desired - vxi, ty = cy * desired - vyi, tz = cz * desired - vzi;
                        const double len = std::sqrt(tx * tx + ty * ty + tz * tz);
                        if (len > coh_max_force_) {
                            const double f = coh_max_force_ / len;
                            tx *= f; ty *= f; tz *= f;
                        }
                        chx = coh_weight * tx; chy = coh_weight * ty; chz = coh_weight * tz;
                    }
                    break;
                }
                case Cohesion::Kind::unitToCentroid: {
                    const double d = std::sqrt(cx * cx + cy * cy + cz * cz);
                    if (d > 0) {
                        const double f = coh_weight / d;
                        chx = f * cx; chy = f * cy; chz = f * cz;
                    }
                    break;
                }
                case Cohesion::Kind::zonal:
                    break;
            }
        }

        if (in_place) { ax += chx; ay += chy; az += chz; } else { ax += spx; ay += spy; az += spz; }
        // the own velocity alignment reads: as changed by the rules before it when in place
        const double rvx = in_place ? vxi + ax : vxi, rvy = in_place ? vyi + ay : vyi, rvz = in_place ? vzi + az : vzi;

        const double ali_weight = ali_weight_;
        switch (ali_) {
            case Alignment::Kind::velocityMatch:
                if (nb_count > 0) {
                    ax += ali_weight * (nb_vx / nb_count - rvx);
                    ay += ali_weight * (nb_vy / nb_count - rvy);
                    az += ali_weight * (nb_vz / nb_count - rvz);
                }
                break;
            case Alignment::Kind::summedVelocityMatch:
                // 000 as printed: the mean only for the last boid (highest id), the plain sum for every other
                if (id_[s] != last_id_) {
                    ax += ali_weight * (nb_vx - rvx); ay += ali_weight * (nb_vy - rvy); az += ali_weight * (nb_vz - rvz);
                } else if (nb_count > 0) {
                    ax += ali_weight * (nb_vx / nb_count - rvx);
                    ay += ali_weight * (nb_vy / nb_count - rvy);
                    az += ali_weight * (nb_vz / nb_count - rvz);
                }
                break;
            case Alignment::Kind::meanVelocityLimited:
                if (nb_count > 0) {
                    double mx = nb_vx / nb_count, my = nb_vy / nb_count, mz = nb_vz / nb_count;
                    const double len = std::sqrt(mx * mx + my * my + mz * mz);
                    if (len > ali_max_force_) {
                        const double f = ali_max_force_ / len;
                        mx *= f; my *= f; mz *= f;
                    }
                    ax += ali_weight * mx; ay += ali_weight * my; az += ali_weight * mz;
                }
                break;
            case Alignment::Kind::headingBlend:
            case Alignment::Kind::circularHeadingBlend:
                if (nb_count > 0) {
                    wx += ax; wy += ay;
                    ax = 0; ay = 0;
                    const double bird = std::atan2(wy, wx);
                    const double speed = std::sqrt(wx * wx + wy * wy);
                    double turned;
                    if (ali_ == Alignment::Kind::headingBlend) {
                        const double mean = nb_heading / nb_count;
                        turned = bird + (mean - bird) * ali_weight;
                    } else {
                        turned = nb_ux == 0 && nb_uy == 0 ? bird : bird + detail::wrap_angle(std::atan2(nb_uy, nb_ux) - bird) * ali_weight;
                    }
                    wx = std::cos(turned) * speed;
                    wy = std::sin(turned) * speed;
                }
                break;
            case Alignment::Kind::vicsek: {
                const double sum_x = nb_ux + (need_unit ? ux[s] : 0), sum_y = nb_uy + (need_unit ? uy[s] : 0);
                double theta = sum_x == 0 && sum_y == 0 ? std::atan2(rvy, rvx) : std::atan2(sum_y, sum_x);
                theta += vicsek_noise_ * (random_.next_double() - 0.5);
                ax += ali_weight * std::cos(theta); ay += ali_weight * std::sin(theta);
                break;
            }
            case Alignment::Kind::zonal: {
                const double len = std::sqrt(nb_ux * nb_ux + nb_uy * nb_uy + nb_uz * nb_uz);
                if (nb_count > 0 && len > 0) {
                    const double f = ali_weight / len;
                    ax += f * nb_ux; ay += f * nb_uy; az += f * nb_uz;
                }
                break;
            }
            case Alignment::Kind::meanForward: {
                double mx, my, mz;
                if (nb_count > 0) { mx = nb_ux / nb_count; my = nb_uy / nb_count; mz = nb_uz / nb_count; }
                else { mx = rvx; my = rvy; mz = rvz; }
                const double len = std::sqrt(mx * mx + my * my + mz * mz);
                if (len > 0) {
                    const double f = ali_weight / len;
                    ax += f * mx; ay += f * my; az += f * mz;
                }
                break;
            }
        }
        if (in_place) { ax += spx; ay += spy; az += spz; } else { ax += chx; ay += chy; az += chz; }

        // --- goal (002)
        if (goal_weight_ > 0) {
            const double gx = delta(goal_x_ - xi), gy = delta(goal_y_ - yi), gz = delta(goal_z_ - zi);
            if (gx * gx + gy * gy + gz * gz <= goal_r2_) {
                ax += goal_weight_ * gx; ay += goal_weight_ * gy; az += goal_weight_ * gz;
            }
        }

        // --- flee predators (002)
        if (predator_count_ > 0 && flee_weight_ > 0) {
            for (int q = 0; q < predator_count_; ++q) {
                const double dx = delta(xi - px_[q]), dy = delta(yi - py_[q]), dz = delta(zi - pz_[q]);
                const double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 <= flee_r2_ && d2 > 0) {
                    const double f = flee_weight_ / std::sqrt(d2);
                    ax += f * dx; ay += f * dy; az += f * dz;
                }
            }
        }

        // --- obstacles
        if (!obstacles_.empty() && obs_weight_ > 0) {
            if (obs_ == Avoidance::Kind::forceField) {
                for (const Sphere& o : obstacles_) {
                    const double dx = delta(xi - o.x), dy = delta(yi - o.y), dz = delta(zi - o.z);
                    const double dist = std::sqrt(dx * dx + dy * dy + dz * dz);
                    const double surface = dist - o.radius;
                    if (surface < obs_range_ && dist > 0) {
                        const double push = surface < 0.1 ? 100 : 10 / (surface * surface);
                        const double f = obs_weight_ * push / dist;
                        ax += f * dx; ay += f * dy; az += f * dz;
                    }
                }
            } else {
                double t[3];
                if (in_place) steer_to_avoid(xi, yi, zi, wx + ax, wy + ay, wz + az, t);
                else steer_to_avoid(xi, yi, zi, vxi, vyi, vzi, t);
                ax += t[0]; ay += t[1]; az += t[2];
            }
        }

        // --- random steering
        if (noise_ > 0) {
            if (three_d) {
                const double cz = 2 * random_.next_double() - 1;
                const double phi = 2 * detail::PI * random_.next_double();
                const double r = std::sqrt(std::max(0.0, 1 - cz * cz));
                ax += noise_ * r * std::cos(phi); ay += noise_ * r * std::sin(phi); az += noise_ * cz;
            } else {
                const double phi = 2 * detail::PI * random_.next_double();
                ax += noise_ * std::cos(phi); ay += noise_ * std::sin(phi);
            }
        }

        // --- soft boundary (000); moveThenClamp turns at the step's end
        if (bnd_ == Boundary::Kind::softMargin && mot_ != Motion::Kind::moveThenClamp) {
            const double lo = -half_ - soft_margin_, hi = half_ + soft_margin_, turn = soft_turn_;
            if (xi < lo) ax += turn; else if (xi > hi) ax -= turn;
            if (yi < lo) ay += turn; else if (yi > hi) ay -= turn;
            if (three_d) { if (zi < lo) az += turn; else if (zi > hi) az -= turn; }
        }

        // --- motion
        double nvx = 0, nvy = 0, nvz = 0;
        switch (mot_) {
            case Motion::Kind::moveThenClamp:   // clamps at the step's end
            case Motion::Kind::unclamped:
                nvx = wx + ax; nvy = wy + ay; nvz = wz + az;
                break;
            case Motion::Kind::additive:
            case Motion::Kind::steering: {
                if (mot_ == Motion::Kind::steering) {
                    const double len = std::sqrt(ax * ax + ay * ay + az * az);
                    if (len > mot_max_force_) {
                        const double f = mot_max_force_ / len;
                        ax *= f; ay *= f; az *= f;
                    }
                }
                nvx = wx + ax; nvy = wy + ay; nvz = wz + az;
                const double speed = std::sqrt(nvx * nvx + nvy * nvy + nvz * nvz);
                if (speed > max_speed_) {
                    const double f = max_speed_ / speed;
                    nvx *= f; nvy *= f; nvz *= f;
                } else if (speed < min_speed_ && speed > 0) {
                    const double f = min_speed_ / speed;
                    nvx *= f; nvy *= f; nvz *= f;
                }
                break;
            }
            case Motion::Kind::constantSpeed: {
                double fx = wx, fy = wy, fz = wz;
                const double flen = std::sqrt(fx * fx + fy * fy + fz * fz);
                if (flen > 0) { fx /= flen; fy /= flen; fz /= flen; } else { fx = 1; fy = 0; fz = 0; }
                const double tf = turn_factor_;
                double dxr = fx + (ax - fx) * tf, dyr = fy + (ay - fy) * tf, dzr = fz + (az - fz) * tf;
                const double len = std::sqrt(dxr * dxr + dyr * dyr + dzr * dzr);
                if (len > 1e-12) { dxr /= len; dyr /= len; dzr /= len; } else { dxr = fx; dyr = fy; dzr = fz; }
                nvx = dxr * const_speed_; nvy = dyr * const_speed_; nvz = dzr * const_speed_;
                break;
            }
            case Motion::Kind::turningRate: {
                const double speed = std::sqrt(wx * wx + wy * wy + wz * wz);
                double ex, ey, ez, gx, gy, gz;
                const double len = std::sqrt(ax * ax + ay * ay + az * az);
                if (speed > 0) { ex = wx / speed; ey = wy / speed; ez = wz / speed; } else { ex = 1; ey = 0; ez = 0; }
                if (len > 0) { gx = ax / len; gy = ay / len; gz = az / len; } else { gx = ex; gy = ey; gz = ez; }
                const double he = heading_error_;
                if (he > 0) {
                    gx += he * random_.next_gaussian();
                    gy += he * random_.next_gaussian();
                    if (three_d) gz += he * random_.next_gaussian();
                    const double g = std::sqrt(gx * gx + gy * gy + gz * gz);
                    if (g > 0) { gx /= g; gy /= g; gz /= g; } else { gx = ex; gy = ey; gz = ez; }
                }
                double t[3];
                detail::toward(ex, ey, ez, gx, gy, gz, speed > 0 ? max_turn_per_step_ : detail::PI, three_d, t);
                nvx = t[0] * const_speed_; nvy = t[1] * const_speed_; nvz = t[2] * const_speed_;
                break;
            }
        }
        double nx = xi + nvx * dt_, ny = yi + nvy * dt_, nz = zi + nvz * dt_;

        // --- hard and periodic boundaries act on the new position
        if (wrap_positions_) {
            nx = detail::wrap(nx, size); ny = detail::wrap(ny, size);
            if (three_d) nz = detail::wrap(nz, size);
        } else if (bnd_ == Boundary::Kind::hard && mot_ != Motion::Kind::moveThenClamp) {   // moveThenClamp: at the step's end
            bounce(nx, nvx, half_);
            bounce(ny, nvy, half_);
            if (three_d) bounce(nz, nvz, half_);
        }
        out_x[s] = nx; out_y[s] = ny; out_z[s] = nz;
        out_vx[s] = nvx; out_vy[s] = nvy; out_vz[s] = nvz;
    }

    /** Steer-to-avoid: the lateral steer away from the nearest sphere on the look-ahead segment, into t. */
    void steer_to_avoid(double xi, double yi, double zi, double vxi, double vyi, double vzi, double t[3]) const {
        t[0] = 0; t[1] = 0; t[2] = 0;
        const double speed = std::sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
        if (speed == 0) return;
        const double fx = vxi / speed, fy = vyi / speed, fz = vzi / speed;
        const double inf = std::numeric_limits<double>::infinity();
        double best_t = inf, lx = 0, ly = 0, lz = 0;
        for (const Sphere& o : obstacles_) {
            const double cx = delta(o.x - xi), cy = delta(o.y - yi), cz = delta(o.z - zi);
            const double along = detail::clamp(cx * fx + cy * fy + cz * fz, 0, obs_range_);
            const double ex = along * fx - cx, ey = along * fy - cy, ez = along * fz - cz;
            const double reach = o.radius + obs_clearance_;
            if (ex * ex + ey * ey + ez * ez < reach * reach && along < best_t) {
                best_t = along; lx = ex; ly = ey; lz = ez;
            }
        }
        if (best_t == inf) return;
        double len = std::sqrt(lx * lx + ly * ly + lz * lz);
        if (len < 1e-12) {
            if (three_d_ && std::abs(fz) < 0.9) { lx = fy; ly = -fx; lz = 0; }
            else if (three_d_) { lx = 0; ly = fz; lz = -fy; }
            else { lx = -fy; ly = fx; lz = 0; }
            len = std::sqrt(lx * lx + ly * ly + lz * lz);
        }
        const double f = obs_weight_ * (1 - best_t / obs_range_) / len;
        t[0] = f * lx; t[1] = f * ly; t[2] = f * lz;
    }

    /** Predation.move: every predator by its behaviour, after the boids moved. */
    void move_predators() {
        int n = count_;
        for (int q = 0; q < predator_count_; ++q) {
            if (pred_kind_ != PredatorBehaviour::Kind::chaseCentroid) {
                chase_visible(q, n);
                continue;
            }
            double cx = 0, cy = 0, cz = 0;
            if (periodic_) {
                for (int i = 0; i < n; ++i) {
                    cx += delta(x_[i] - px_[q]); cy += delta(y_[i] - py_[q]); cz += delta(z_[i] - pz_[q]);
                }
                cx /= n; cy /= n; cz /= n;
            } else {
                for (int i = 0; i < n; ++i) { cx += x_[i]; cy += y_[i]; cz += z_[i]; }
                cx = cx / n - px_[q]; cy = cy / n - py_[q]; cz = cz / n - pz_[q];
            }
            const double power = pred_power_, dt = pred_dt_;
            double ux = pvx_[q] + cx * power * dt, uy = pvy_[q] + cy * power * dt, uz = pvz_[q] + cz * power * dt;
            const double speed = std::sqrt(ux * ux + uy * uy + uz * uz);
            if (speed > pred_max_speed_) {
                const double f = pred_max_speed_ / speed;
                ux *= f; uy *= f; uz *= f;
            }
            pvx_[q] = ux; pvy_[q] = uy; pvz_[q] = uz;
            move_predator(q);
        }
    }

    void move_predator(int q) {
        const double dt = pred_dt_;
        px_[q] += pvx_[q] * dt; py_[q] += pvy_[q] * dt; pz_[q] += pvz_[q] * dt;
        if (periodic_) {
            px_[q] = detail::wrap(px_[q], size_); py_[q] = detail::wrap(py_[q], size_);
            if (three_d_) pz_[q] = detail::wrap(pz_[q], size_);
        }
    }

    void chase_visible(int q, int n) {
        const double speed = std::sqrt(pvx_[q] * pvx_[q] + pvy_[q] * pvy_[q] + pvz_[q] * pvz_[q]);
        double hx = 0, hy = 0, hz = 0, view_cos = pred_view_cos_;
        if (speed > 0) { hx = pvx_[q] / speed; hy = pvy_[q] / speed; hz = pvz_[q] / speed; } else view_cos = -2;
        double tx = 0, ty = 0, tz = 0, best = std::numeric_limits<double>::infinity();
        int seen = 0;
        const bool nearest = pred_kind_ == PredatorBehaviour::Kind::chaseNearest;
        for (int i = 0; i < n; ++i) {
            const double dx = delta(x_[i] - px_[q]), dy = delta(y_[i] - py_[q]), dz = delta(z_[i] - pz_[q]);
            const double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 > pred_sight_r2_ || d2 == 0) continue;
            if (view_cos > -2 && hx * dx + hy * dy + hz * dz < view_cos * std::sqrt(d2)) continue;
            ++seen;
            if (nearest) {
                if (d2 < best) { best = d2; tx = dx; ty = dy; tz = dz; }
            } else {
                tx += dx; ty += dy; tz += dz;
            }
        }
        const double len = std::sqrt(tx * tx + ty * ty + tz * tz);
        const double max = pred_max_speed_;
        if (seen > 0 && len > 0) {
            double gx = tx / len, gy = ty / len, gz = tz / len;
            if (speed > 0) {
                double t[3];
                detail::toward(hx, hy, hz, gx, gy, gz, pred_max_turn_, three_d_, t);
                gx = t[0]; gy = t[1]; gz = t[2];
            }
            pvx_[q] = gx * max; pvy_[q] = gy * max; pvz_[q] = gz * max;
        } else if (speed > 0) {
            pvx_[q] = hx * max; pvy_[q] = hy * max; pvz_[q] = hz * max;
        }
        move_predator(q);
    }

    /** Predation.capture: records (and maybe removes) every boid within a predator's capture radius. */
    void capture(std::int64_t step) {
        if (capture_r2_ <= 0) return;
        for (int q = 0; q < predator_count_; ++q) {
            for (int i = 0; i < count_; ++i) {
                const double dx = delta(x_[i] - px_[q]), dy = delta(y_[i] - py_[q]), dz = delta(z_[i] - pz_[q]);
                if (dx * dx + dy * dy + dz * dz < capture_r2_) {
                    captures_.push_back({step, q, id_[i]});
                    if (remove_on_capture_ && count_ > 1) {
                        remove(i);
                        --i;
                    }
                }
            }
        }
    }

    /** Removes slot i keeping the others in id order. */
    void remove(int i) {
        int last = --count_;
        for (auto* a : {&x_, &y_, &z_, &vx_, &vy_, &vz_}) std::copy(a->begin() + i + 1, a->begin() + last + 1, a->begin() + i);
        std::copy(id_.begin() + i + 1, id_.begin() + last + 1, id_.begin() + i);
    }

    Preset preset_;
    BoidRandom random_;
    std::int64_t step_count_ = 0;
    std::vector<Capture> captures_;
    int count_ = 0, predator_count_ = 0;
    std::vector<double> x_, y_, z_, vx_, vy_, vz_;
    std::vector<std::int32_t> id_;
    std::vector<double> px_, py_, pz_, pvx_, pvy_, pvz_;
    std::vector<double> nx_, ny_, nz_, nvx_, nvy_, nvz_;
    std::vector<double> ux_, uy_, uz_, heading_;
    // the same in grid order (gather), and each boid's grid slot
    std::vector<double> cx_, cy_, cz_, cvx_, cvy_, cvz_, cux_, cuy_, cuz_, cheading_;
    std::vector<int> slot_of_;
    // update_boid's candidates within reach: grid slot and offset (n + 1 entries: one is written past the last)
    std::vector<int> near_m_;
    std::vector<double> near_dx_, near_dy_, near_dz_, near_d2s_;
    std::vector<int> near_slots_;
    std::vector<double> near_d2_;
    Grid grid_;
    int runs_[2 * 27] = {};
    Sums g_;
    std::int32_t last_id_ = -1;
    bool scan_all_ = false;
    double slack_ = 0;

    // the preset's parameters, read by configure()
    bool three_d_ = false, sequential_ = false, in_place_ = false, periodic_ = false, wrap_positions_ = false;
    double size_ = 0, half_ = 0, soft_margin_ = 0, soft_turn_ = 0;
    Boundary::Kind bnd_ = Boundary::Kind::wrap;
    Separation::Kind sep_ = Separation::Kind::linear;
    double sep_r2_ = 0, sep_weight_ = 0, sep_strength_ = 0, sep_max_force_ = 0;
    bool exclude_coincident_ = false, metric_ = false, topological_ = false, global_ = false;
    double nb_r2_ = 0, field_of_view_cos_ = -2;
    int topological_count_ = 0;
    Alignment::Kind ali_ = Alignment::Kind::velocityMatch;
    double ali_weight_ = 0, ali_max_force_ = 0, vicsek_noise_ = 0, orientation_r2_ = 0;
    bool need_unit_ = false, need_heading_ = false;
    Cohesion::Kind coh_ = Cohesion::Kind::centroid;
    double coh_weight_ = 0, coh_arrival_ = 0, coh_max_force_ = 0;
    double min_speed_ = 0, max_speed_ = 0;
    Motion::Kind mot_ = Motion::Kind::additive;
    double dt_ = 1, mot_max_force_ = 0, const_speed_ = 0, turn_factor_ = 0, max_turn_per_step_ = 0, heading_error_ = 0;
    double goal_x_ = 0, goal_y_ = 0, goal_z_ = 0, goal_r2_ = 0, goal_weight_ = 0;
    double flee_r2_ = 0, flee_weight_ = 0, pred_max_speed_ = 0, capture_r2_ = 0;
    bool remove_on_capture_ = false;
    PredatorBehaviour::Kind pred_kind_ = PredatorBehaviour::Kind::chaseCentroid;
    double pred_power_ = 0, pred_sight_r2_ = 0, pred_view_cos_ = -2, pred_dt_ = 1, pred_max_turn_ = 0;
    std::vector<Sphere> obstacles_;
    Avoidance::Kind obs_ = Avoidance::Kind::forceField;
    double obs_range_ = 0, obs_weight_ = 0, obs_clearance_ = 0, noise_ = 0;
    bool step_unbounded_ = false, draws_per_boid_ = false;
};

// ------------------------------------------------------------------ state CSV (as flocktune simulate --init / --trace)

/** The state CSV header, as Java's StateCsv writes it. */
inline constexpr const char* STATE_CSV_HEADER = "step,kind,id,x,y,z,vx,vy,vz";

/**
 * Reads a state CSV (header step,kind,id,x,y,z,vx,vy,vz in any order; kind boid or predator).
 * @throws std::invalid_argument naming the line at fault
 */
inline State read_state_csv(std::istream& in) {
    std::string line;
    if (!std::getline(in, line)) throw std::invalid_argument("empty: expected the header " + std::string(STATE_CSV_HEADER));
    auto split = [](const std::string& text) {
        std::vector<std::string> cells;
        std::string cell;
        std::istringstream s(text);
        while (std::getline(s, cell, ',')) {
            cell.erase(0, cell.find_first_not_of(" \t\r"));
            cell.erase(cell.find_last_not_of(" \t\r") + 1);
            cells.push_back(cell);
        }
        return cells;
    };
    std::vector<std::string> header = split(line);
    const char* names[] = {"step", "kind", "id", "x", "y", "z", "vx", "vy", "vz"};
    std::size_t at[9];
    for (int c = 0; c < 9; ++c) {
        auto it = std::find(header.begin(), header.end(), names[c]);
        if (it == header.end()) throw std::invalid_argument(std::string("header: no column ") + names[c]);
        at[c] = static_cast<std::size_t>(it - header.begin());
    }
    State state;
    std::vector<std::pair<double, Agent>> predators;
    for (int number = 2; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::vector<std::string> cells = split(line);
        if (cells.size() < header.size()) throw std::invalid_argument("line " + std::to_string(number) + ": too few columns");
        Agent a;
        double v[6];
        try {
            a.id = static_cast<std::int32_t>(std::stol(cells[at[2]]));
            for (int c = 0; c < 6; ++c) v[c] = std::stod(cells[at[3 + c]]);
        } catch (const std::exception&) {
            throw std::invalid_argument("line " + std::to_string(number) + ": not a number in " + line);
        }
        a.x = v[0]; a.y = v[1]; a.z = v[2]; a.vx = v[3]; a.vy = v[4]; a.vz = v[5];
        const std::string& kind = cells[at[1]];
        if (kind == "predator") predators.emplace_back(a.id, a);
        else if (kind == "boid") state.boids.push_back(a);
        else throw std::invalid_argument("line " + std::to_string(number) + ": kind = " + kind + ": must be boid or predator");
    }
    std::stable_sort(predators.begin(), predators.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
    for (auto& p : predators) state.predators.push_back(p.second);
    return state;
}

/** Writes the state CSV rows of the simulation's current step (no header), numbers round-tripping exactly. */
inline void write_state_rows(std::ostream& out, const Simulation& sim) {
    char buffer[256];
    auto row = [&](const char* kind, long long id, double x, double y, double z, double vx, double vy, double vz) {
        std::snprintf(buffer, sizeof buffer, "%lld,%s,%lld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
                      static_cast<long long>(sim.step_count()), kind, id, x, y, z, vx, vy, vz);
        out << buffer;
    };
    for (int i = 0; i < sim.count(); ++i) row("boid", sim.id()[i], sim.x()[i], sim.y()[i], sim.z()[i], sim.vx()[i], sim.vy()[i], sim.vz()[i]);
    for (int k = 0; k < sim.predator_count(); ++k) {
        row("predator", k, sim.px()[k], sim.py()[k], sim.pz()[k], sim.pvx()[k], sim.pvy()[k], sim.pvz()[k]);
    }
}

}  // namespace flocktune
