// Runs the exported preset headless and prints the summary `flocktune simulate` prints, or
// benchmarks the engine.
//
//   flock [--seed S] [--steps N] [--init STATE.csv] [--trace OUT.csv]
//   flock --bench N
//
// --seed      seed of the random initial state and the noise, any 64-bit integer (default 1)
// --steps     steps to run, >= 0 (default 1000)
// --init      start from this state CSV (step,kind,id,x,y,z,vx,vy,vz); its boids, and its
//             predators if it has any, win over the preset's counts
// --trace     write the state of every step (step 0 is the initial state) to this CSV file
// --bench N   the preset's rules with N >= 2 boids in a periodic world sized for 10 neighbours
//             per boid (as the Java benchmark StepPerf), one step from the same state repeated
//             for 5 s after 1 s of warm-up; prints boid-updates per second of wall-clock time
//             and per second of CPU time (the fairer figure on a shared machine)
//
// Bad input: one line on standard error, exit code 2, nothing written.
#include "preset.hpp"

#include <chrono>
#include <clocale>
#include <cstdio>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace {

struct Usage {
    std::string message;
};

/** Java's "%.6g" (Locale.ROOT): six significant digits, trailing zeros kept, no lone trailing point. */
std::string java_g(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%#.6g", value);
    std::string text = buffer;
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

/** Java's "%,.0f" (Locale.ROOT): rounded to an integer, thousands separated by commas. */
std::string grouped(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
    std::string digits = buffer, out;
    std::size_t first = digits[0] == '-' ? 1 : 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > first && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

void line(const std::string& label, const std::string& value) {
    std::printf("%-11s %s\n", label.c_str(), value.c_str());
}

long long integer(const std::string& option, const char* text, long long min) {
    char* end = nullptr;
    errno = 0;
    long long value = std::strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno == ERANGE) throw Usage{option + " " + text + ": not an integer"};
    if (value < min) throw Usage{option + " = " + text + ": must be >= " + std::to_string(min)};
    return value;
}

/** The side of the periodic box in which n boids spread uniformly have 10 others within radius on average (BenchFlocks). */
flocktune::Preset bench_preset(flocktune::Preset p, int n) {
    using K = flocktune::Neighbourhood::Kind;
    K kind = p.neighbourhood.kind;
    double radius = kind == K::metric || kind == K::metricExcludingCoincident || kind == K::fieldOfView
            ? p.neighbourhood.radius : p.separation.radius;
    double pi = 3.141592653589793;
    double ball = p.world.dimension == 2 ? pi * radius * radius : 4.0 / 3.0 * pi * radius * radius * radius;
    double size = std::pow((n - 1) * ball / 10, 1.0 / p.world.dimension);
    p.world.size = size;
    p.world.boundary = flocktune::Boundary{};
    p.boids.count = n;
    p.boids.spawnSize = size;
    return p;
}

int bench(const flocktune::Preset& preset, int n) {
    flocktune::Preset p = bench_preset(preset, n);
    flocktune::Simulation sim = flocktune::Simulation::from_seed(p, 42);
    const flocktune::State start = sim.state();
    using Clock = std::chrono::steady_clock;
    double measured = 0, warm = 0, cpu = 0;
    long long steps = 0, updates = 0;
    while (warm < 1.0 || measured < 5.0) {
        sim.restore(start);
        auto t0 = Clock::now();
        std::clock_t c0 = std::clock();
        sim.step();
        double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (warm < 1.0) { warm += seconds; continue; }
        cpu += static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
        measured += seconds;
        ++steps;
        updates += static_cast<long long>(start.boids.size());
    }
    std::printf("%s, N = %d, %dD periodic world %.1f: %s boid-updates/s (%lld steps in %.3f s, one thread; %s per CPU second)\n",
                p.name.c_str(), n, p.world.dimension, p.world.size, grouped(updates / measured).c_str(), steps, measured,
                cpu > 0 ? grouped(updates / cpu).c_str() : "n/a");
    return 0;
}

int run(int argc, char** argv) {
    long long seed = 1, steps = 1000, bench_boids = 0;
    std::string init, trace;
    for (int a = 1; a < argc; ++a) {
        std::string option = argv[a];
        if (option != "--seed" && option != "--steps" && option != "--init" && option != "--trace" && option != "--bench") {
            throw Usage{option + ": unknown option; options: --seed S, --steps N, --init STATE.csv, --trace OUT.csv, --bench N"};
        }
        if (a + 1 >= argc) throw Usage{option + ": needs a value"};
        const char* value = argv[++a];
        if (option == "--seed") seed = integer(option, value, std::numeric_limits<long long>::min());
        else if (option == "--steps") steps = integer(option, value, 0);
        else if (option == "--bench") bench_boids = integer(option, value, 2);
        else if (option == "--init") init = value;
        else trace = value;
    }
    const flocktune::Preset preset = flocktune::tuned_preset();
    if (bench_boids > 0) return bench(preset, static_cast<int>(bench_boids));

    flocktune::Simulation sim = [&] {
        if (init.empty()) return flocktune::Simulation::from_seed(preset, seed);
        std::ifstream in(init);
        if (!in) throw Usage{"--init " + init + ": cannot be read"};
        try {
            return flocktune::Simulation::from_state(preset, seed, flocktune::read_state_csv(in));
        } catch (const std::invalid_argument& e) {
            throw Usage{init + ": " + e.what()};
        }
    }();
    const int boids = sim.count();
    std::ofstream out;
    std::string partial = trace + ".partial";
    if (!trace.empty()) {
        out.open(partial);
        if (!out) throw Usage{"--trace " + trace + ": cannot be written"};
        out << flocktune::STATE_CSV_HEADER << '\n';
    }
    long long updates = 0;
    auto t0 = std::chrono::steady_clock::now();
    if (!trace.empty()) flocktune::write_state_rows(out, sim);
    for (long long k = 0; k < steps; ++k) {
        updates += sim.count();
        sim.step();
        if (!trace.empty()) flocktune::write_state_rows(out, sim);
    }
    if (!trace.empty()) {
        out.close();
        if (!out || std::rename(partial.c_str(), trace.c_str()) != 0) {
            std::remove(partial.c_str());
            throw Usage{"--trace " + trace + ": cannot be written"};
        }
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    char buffer[64];
    line("preset", sim.preset().name);
    line("seed", std::to_string(seed));
    line("steps", std::to_string(steps));
    line("boids", std::to_string(boids) + (init.empty() ? "" : " (from --init " + init + "; the preset has "
            + std::to_string(preset.boids.count) + ")"));
    if (sim.predator_count() > 0) line("predators", std::to_string(sim.predator_count()));
    std::snprintf(buffer, sizeof buffer, "%.3f s", wall);
    line("wall time", buffer);
    line("speed", wall > 0 && steps > 0 ? grouped(steps / wall) + " steps/s, " + grouped(updates / wall) + " boid-updates/s"
                                        : "n/a (no steps run)");
    line("mean speed", java_g(sim.mean_speed()) + " (final state)");
    line("captures", std::to_string(sim.captures().size()));
    line("order", "polarization " + java_g(sim.polarization()) + ", milling " + java_g(sim.milling()) + " (final state)");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::setlocale(LC_ALL, "C");
    try {
        return run(argc, argv);
    } catch (const Usage& e) {
        std::fprintf(stderr, "flock: %s\n", e.message.c_str());
        return 2;
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "flock: %s\n", e.what());
        return 2;
    }
}
