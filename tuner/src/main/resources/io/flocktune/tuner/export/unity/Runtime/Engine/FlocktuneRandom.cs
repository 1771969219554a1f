// The random streams of flocktune's Java engine, bit for bit: java.util.SplittableRandom(seed)
// (nextLong, nextDouble) for the initial state and the run key, and the keyed SplitMix64 streams
// of sim/.../BoidRandom.java, a pure function of (run key, step, boid id), for noise, Vicsek's
// angle noise and the turning-rate heading error. Unsigned 64-bit arithmetic wraps as Java's long.
using System;

namespace Flocktune
{
    /// <summary>java.util.SplittableRandom(seed): NextLong and NextDouble, bit for bit.</summary>
    public sealed class SplittableRandom
    {
        internal const ulong Golden = 0x9e3779b97f4a7c15UL;
        private ulong seed;

        public SplittableRandom(long seed)
        {
            this.seed = unchecked((ulong) seed);
        }

        /// <summary>Stafford's variant 13 of the MurmurHash3 finaliser (SplittableRandom.mix64).</summary>
        internal static ulong Mix64(ulong z)
        {
            unchecked
            {
                z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
                z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
                return z ^ (z >> 31);
            }
        }

        /// <returns>(v &gt;&gt;&gt; 11) · 2^-53, in [0, 1)</returns>
        internal static double UnitDouble(ulong v)
        {
            return (v >> 11) * 1.1102230246251565e-16;
        }

        public long NextLong()
        {
            unchecked
            {
                seed += Golden;
                return (long) Mix64(seed);
            }
        }

        /// <returns>a double in [0, 1)</returns>
        public double NextDouble()
        {
            return UnitDouble(unchecked((ulong) NextLong()));
        }
    }

    /// <summary>The engine's keyed per-step stream (BoidRandom): start(step, id), then draws.</summary>
    internal sealed class BoidRandom
    {
        private readonly ulong runKey;
        private ulong state;

        public BoidRandom(long runKey)
        {
            this.runKey = unchecked((ulong) runKey);
        }

        /// <summary>state = mix64(mix64(runKey + step·Golden) + id)</summary>
        public void Start(long step, int id)
        {
            unchecked
            {
                state = SplittableRandom.Mix64(SplittableRandom.Mix64(runKey + (ulong) step * SplittableRandom.Golden) + (ulong) (long) id);
            }
        }

        public double NextDouble()
        {
            unchecked
            {
                state += SplittableRandom.Golden;
                return SplittableRandom.UnitDouble(SplittableRandom.Mix64(state));
            }
        }

        /// <summary>Box–Muller from two draws: sqrt(−2 ln(1 − u)) cos(2π v).</summary>
        public double NextGaussian()
        {
            double u = 1.0 - NextDouble();
            double v = NextDouble();
            return Math.Sqrt(-2 * Math.Log(u)) * Math.Cos(2 * Math.PI * v);
        }
    }
}
