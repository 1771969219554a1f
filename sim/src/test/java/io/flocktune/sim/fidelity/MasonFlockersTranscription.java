package io.flocktune.sim.fidelity;

/**
 * MASON's Flockers as {@code shared/peers.md} section 3 specifies it, transcribed without the
 * engine: all pairs, MASON's frame [0, W), plain loops. One instance is one run.
 *
 * <pre>
 * if dead: return
 * b = neighbours exactly within neighborhood (radial, inclusive <=, toroidal), INCLUDING self and dead ones
 * avoid = 400 * mean_{o in b, o != self (dead included)} d/(|d|^4 + 1),  d = tdx/tdy(me − o)
 * cohe  = −(mean_{o in b, !o.dead (self included, d=0)} d) / 10
 * cons  = mean_{o in b, !o.dead (self included)} o.lastd
 * rand  = 0.05 * normalize(U(−1,1), U(−1,1))
 * mome  = lastd
 * v = cohesion*cohe + avoidance*avoid + consistency*cons + randomness*rand + momentum*mome
 * if |v|>0: v = v/|v| * jump
 * lastd = v; loc = (stx(x+vx), sty(y+vy))
 * </pre>
 */
final class MasonFlockersTranscription {

    /** The two uniforms in [0, 1) a flocker draws for its randomness at a step. */
    interface Uniforms {
        double[] draw(long step, int flocker);
    }

    final double width;
    final double avoidance, cohesion, consistency, momentum, randomness, neighborhood, jump;
    final double[] x, y, lastdx, lastdy;
    final boolean[] dead;

    MasonFlockersTranscription(double width, double avoidance, double cohesion, double consistency, double momentum,
                               double randomness, double neighborhood, double jump,
                               double[] x, double[] y, double[] lastdx, double[] lastdy, boolean[] dead) {
        this.width = width;
        this.avoidance = avoidance;
        this.cohesion = cohesion;
        this.consistency = consistency;
        this.momentum = momentum;
        this.randomness = randomness;
        this.neighborhood = neighborhood;
        this.jump = jump;
        this.x = x.clone();
        this.y = y.clone();
        this.lastdx = lastdx.clone();
        this.lastdy = lastdy.clone();
        this.dead = dead.clone();
    }

    /** One step: each flocker of {@code order} in turn, moving at once. */
    void step(long step, int[] order, Uniforms uniforms) {
        for (int me : order) {
            stepOne(me, step, uniforms);
        }
    }

    private void stepOne(int me, long step, Uniforms uniforms) {
        if (dead[me]) return;
        int n = x.length;

        double avoidX = 0, avoidY = 0;
        int avoidN = 0;
        double coheX = 0, coheY = 0;
        int coheN = 0;
        double consX = 0, consY = 0;
        int consN = 0;
        for (int o = 0; o < n; o++) {
            double dx = minimumImage(x[me] - x[o]);
            double dy = minimumImage(y[me] - y[o]);
            boolean inB = dx * dx + dy * dy <= neighborhood * neighborhood;
            if (!inB) continue;
            if (o != me) {
                double len2 = dx * dx + dy * dy;
                double len4 = len2 * len2;
                avoidX += dx / (len4 + 1);
                avoidY += dy / (len4 + 1);
                avoidN++;
            }
            if (!dead[o]) {
                coheX += dx;
                coheY += dy;
                coheN++;
                consX += lastdx[o];
                consY += lastdy[o];
                consN++;
            }
        }
        double[] avoid = {0, 0}, cohe = {0, 0}, cons = {0, 0};
        if (avoidN > 0) avoid = new double[] {400 * (avoidX / avoidN), 400 * (avoidY / avoidN)};
        if (coheN > 0) cohe = new double[] {-(coheX / coheN) / 10, -(coheY / coheN) / 10};
        if (consN > 0) cons = new double[] {consX / consN, consY / consN};

        double[] u = uniforms.draw(step, me);
        double ux = u[0] * 2 - 1, uy = u[1] * 2 - 1;
        double norm = Math.sqrt(ux * ux + uy * uy);
        double[] rand = {0.05 * (ux / norm), 0.05 * (uy / norm)};

        double vx = cohesion * cohe[0] + avoidance * avoid[0] + consistency * cons[0] + randomness * rand[0]
                + momentum * lastdx[me];
        double vy = cohesion * cohe[1] + avoidance * avoid[1] + consistency * cons[1] + randomness * rand[1]
                + momentum * lastdy[me];
        double length = Math.sqrt(vx * vx + vy * vy);
        if (length > 0) {
            vx = vx / length * jump;
            vy = vy / length * jump;
        }
        lastdx[me] = vx;
        lastdy[me] = vy;
        x[me] = wrapInto(x[me] + vx);
        y[me] = wrapInto(y[me] + vy);
    }

    /** tdx: the minimum-image a − b on a torus of side W. */
    double minimumImage(double d) {
        if (d > width / 2) return d - width;
        if (d < -width / 2) return d + width;
        return d;
    }

    /** stx: x < 0 → x + W, x ≥ W → x − W. */
    private double wrapInto(double v) {
        if (v < 0) return v + width;
        if (v >= width) return v - width;
        return v;
    }

    /** MASON's assess(): mean over all flockers (dead included) of |b| (self included). */
    double meanNeighbourCount() {
        int n = x.length;
        long total = 0;
        for (int i = 0; i < n; i++) {
            for (int o = 0; o < n; o++) {
                double dx = minimumImage(x[i] - x[o]);
                double dy = minimumImage(y[i] - y[o]);
                if (dx * dx + dy * dy <= neighborhood * neighborhood) total++;
            }
        }
        return (double) total / n;
    }
}
