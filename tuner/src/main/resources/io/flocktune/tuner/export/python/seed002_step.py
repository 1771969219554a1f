"""Seed 002's numpy boids (Yoo 2023, seeds/002_43e2fe14194a110d.txt), run from a state CSV with
the constants of a module exported by `flocktune export --to seed-python`.

Usage: python3 seed002_step.py MODULE_DIR STATE.csv STEPS OUT.csv

Algorithms 1-6 (Rule_cohesion, Rule_Alignment, Rule_Separation, Rule_Goal, Rule_Predator),
update_pred (Listing 1), saturate (Listing 2) and the Discussion's hard bound, with the
report's names taken from the module (cohesion_factor -> COHESION_FACTOR, align_factor ->
ALIGN_FACTOR, separation_factor -> SEPARATION_FACTOR, Separation_dist -> SEPARATION_DIST,
VisualRange -> VISUAL_RANGE, goal_factor -> GOAL_FACTOR, predatoravoid_factor ->
PREDATOR_AVOID_FACTOR, PredPower -> PRED_POWER, maxV -> PRED_MAX_SPEED, minVel/maxVel ->
MIN_VEL/MAX_VEL). Algorithm 1 as printed: boid by boid, each rule adds to v_i in place in the
order cohesion, alignment, separation, goal, predator avoidance, then p_i += δt * v_i (DT).
Where the report is silent (source line -> choice):
  - how N_b is found -> every other boid within |d| <= VisualRange;
  - where saturate, the bound and update_pred run -> after every boid moved: saturate(), the
    hard bound, then the predator moves toward the centroid of the boids' new positions;
  - "change velocity toward center immediately" -> a boid past a wall is put on it and that
    velocity component turned toward the centre;
  - Rule_Predator at the predator's exact position (d = 0) -> no push (the report divides by 0);
  - saturate of a zero velocity -> stays zero.
"""
import csv
import importlib
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
P = importlib.import_module("flocktune_preset")

rows = list(csv.DictReader(open(sys.argv[2])))
boids = sorted((r for r in rows if r["kind"] == "boid"), key=lambda r: int(r["id"]))
preds = sorted((r for r in rows if r["kind"] == "predator"), key=lambda r: int(r["id"]))
ids = [int(r["id"]) for r in boids]
boidsN = len(boids)
boidsP = np.array([[float(r["x"]), float(r["y"]), float(r["z"])] for r in boids])
boidsV = np.array([[float(r["vx"]), float(r["vy"]), float(r["vz"])] for r in boids])
PredPos = np.array([[float(r["x"]), float(r["y"]), float(r["z"])] for r in preds]).reshape(-1, 3)
PredV = np.array([[float(r["vx"]), float(r["vy"]), float(r["vz"])] for r in preds]).reshape(-1, 3)
goal = np.array(P.GOAL, dtype=float)


def neighbours(i):
    return [k for k in range(boidsN) if k != i and np.linalg.norm(boidsP[k] - boidsP[i]) <= P.VISUAL_RANGE]


def Rule_cohesion(i, N):
    if len(N) == 0:
        return np.zeros(3)
    p = np.zeros(3)
    for k in N:
        p = p + boidsP[k]
    p = p / len(N)
    v = p - boidsP[i]
    return P.COHESION_FACTOR * v


def Rule_Alignment(i, N):
    if len(N) == 0:
        return np.zeros(3)
    v = np.zeros(3)
    for k in N:
        v = v + boidsV[k]
    v = v / len(N)
    return P.ALIGN_FACTOR * (v - boidsV[i])


def Rule_Separation(i, N):
    v = np.zeros(3)
    for k in N:
        d = boidsP[i] - boidsP[k]
        if np.linalg.norm(d) <= P.SEPARATION_DIST:
            v = v + d
    return P.SEPARATION_FACTOR * v


def Rule_Goal(i):
    v = np.zeros(3)
    d = goal - boidsP[i]
    if np.linalg.norm(d) <= P.VISUAL_RANGE:
        v = v + d
    return P.GOAL_FACTOR * v


def Rule_Predator(i):
    v = np.zeros(3)
    for k in range(len(PredPos)):
        d = boidsP[i] - PredPos[k]
        if 0 < np.linalg.norm(d) <= P.VISUAL_RANGE:
            v = v + d / np.linalg.norm(d)
    return P.PREDATOR_AVOID_FACTOR * v


def saturate(newV):
    for i in range(boidsN):
        norm = np.linalg.norm(newV[i])
        if norm > P.MAX_VEL:
            newV[i] = newV[i] * P.MAX_VEL / norm
        elif 0 < norm < P.MIN_VEL:
            newV[i] = newV[i] * P.MIN_VEL / norm


def hard_bound():
    for i in range(boidsN):
        for c in range(3):
            if boidsP[i][c] > P.BOUND_RANGE:
                boidsP[i][c] = P.BOUND_RANGE
                boidsV[i][c] = -abs(boidsV[i][c])
            elif boidsP[i][c] < -P.BOUND_RANGE:
                boidsP[i][c] = -P.BOUND_RANGE
                boidsV[i][c] = abs(boidsV[i][c])


def update_pred(k):
    mass_center = np.zeros(3)
    for i in range(boidsN):
        mass_center = mass_center + boidsP[i]
    mass_center = mass_center / boidsN
    PredV[k] = PredV[k] + (mass_center - PredPos[k]) * P.PRED_POWER
    maxV = P.PRED_MAX_SPEED
    if np.linalg.norm(PredV[k]) > maxV:
        PredV[k] = PredV[k] * maxV / np.linalg.norm(PredV[k])
    PredPos[k] = PredPos[k] + PredV[k]


def update_boids():
    for i in range(boidsN):
        N = neighbours(i)
        boidsV[i] = boidsV[i] + Rule_cohesion(i, N)
        boidsV[i] = boidsV[i] + Rule_Alignment(i, N)
        boidsV[i] = boidsV[i] + Rule_Separation(i, N)
        boidsV[i] = boidsV[i] + Rule_Goal(i)
        boidsV[i] = boidsV[i] + Rule_Predator(i)
        boidsP[i] = boidsP[i] + P.DT * boidsV[i]
    saturate(boidsV)
    if P.BOUNDARY == "hard":
        hard_bound()
    for k in range(P.PRED_N):
        update_pred(k)


with open(sys.argv[4], "w") as out:
    out.write("step,kind,id,x,y,z,vx,vy,vz\n")
    for step in range(1, int(sys.argv[3]) + 1):
        update_boids()
        for k in range(boidsN):
            out.write("%d,boid,%d,%s\n" % (step, ids[k], ",".join(repr(float(c)) for c in (*boidsP[k], *boidsV[k]))))
        for k in range(len(PredPos)):
            out.write("%d,predator,%d,%s\n" % (step, k, ",".join(repr(float(c)) for c in (*PredPos[k], *PredV[k]))))
