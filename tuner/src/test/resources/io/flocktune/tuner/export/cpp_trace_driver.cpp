// CppEngineTest's driver: runs flocktune.hpp for every case of a manifest and writes each trace.
//   driver MANIFEST
// MANIFEST: one case a line, "INDEX SEED STEPS INIT OUT": INDEX into PRESETS (presets.hpp), INIT a
// state CSV or "-" for the seeded initial state; OUT gets the state of every step (0 = initial).
#include "presets.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: driver MANIFEST\n");
        return 2;
    }
    std::ifstream manifest(argv[1]);
    std::string line;
    while (std::getline(manifest, line)) {
        std::istringstream fields(line);
        std::size_t index;
        long long seed;
        long steps;
        std::string init, out;
        if (!(fields >> index >> seed >> steps >> init >> out)) {
            std::fprintf(stderr, "bad manifest line: %s\n", line.c_str());
            return 2;
        }
        flocktune::Preset preset = PRESETS[index]();
        flocktune::Simulation sim = [&] {
            if (init == "-") return flocktune::Simulation::from_seed(preset, seed);
            std::ifstream in(init);
            return flocktune::Simulation::from_state(preset, seed, flocktune::read_state_csv(in));
        }();
        std::ofstream trace(out);
        trace << flocktune::STATE_CSV_HEADER << '\n';
        flocktune::write_state_rows(trace, sim);
        for (long k = 0; k < steps; ++k) {
            sim.step();
            flocktune::write_state_rows(trace, sim);
        }
    }
    return 0;
}
