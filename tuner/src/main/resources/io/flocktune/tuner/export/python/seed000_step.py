"""Seed 000's numpy boids (Veldic 2024, seeds/000_1db60f9d84a163ac.txt), run from a state CSV
with the constants of a module exported by `flocktune export --to seed-python`.

Usage: python3 seed000_step.py MODULE_DIR STATE.csv STEPS OUT.csv

Each function is the seed's code as printed, with its literals and sliders replaced by the
module's names (7 -> SEPARATION_RANGE, separation/alignment/cohesion -> SEPARATION/ALIGNMENT/
COHESION, recog_range -> RECOG_RANGE, max_speed -> MAX_SPEED, boundRange -> BOUND_RANGE,
bound/amount -> BOUND/AMOUNT, obstacleP/obsSize -> OBSTACLE_P/OBS_SIZE). Where the seed is
silent (source line -> choice):
  - `dist` is not shown -> the Euclidean distance;
  - alignment_rule's `if cnt > 0:` block is indented at the level of `for i` -> kept as printed:
    it divides only the last boid's sum (flocktune's summedVelocityMatch);
  - no main loop is printed -> one frame is update_boids(); limit_velocity(); avoid_bound(), the
    order in which the post presents them;
  - update_boids adds vel1 + vel2 + vel3 while avoid_obstacles_rule's call is not printed -> its
    result is added in the same sum.
"""
import csv
import importlib
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
P = importlib.import_module("flocktune_preset")

rows = sorted((r for r in csv.DictReader(open(sys.argv[2])) if r["kind"] == "boid"), key=lambda r: int(r["id"]))
ids = [int(r["id"]) for r in rows]
boidsN = len(rows)
boidsP = np.array([[float(r["x"]), float(r["y"]), float(r["z"])] for r in rows])
boidsV = np.array([[float(r["vx"]), float(r["vy"]), float(r["vz"])] for r in rows])
obstacleP = np.array(P.OBSTACLE_P, dtype=float).reshape(-1, 3)
obsSize = P.OBS_SIZE
obstacleN = len(obsSize)
recog_range = P.RECOG_RANGE
max_speed = P.MAX_SPEED
boundRange = P.BOUND_RANGE
separation, alignment, cohesion = P.SEPARATION, P.ALIGNMENT, P.COHESION


def dist(a, b):
    return np.linalg.norm(a - b)


def normalize(v):
    return v / np.linalg.norm(v)


def separation_rule():
    sepV = np.zeros((boidsN, 3))
    for i in range(boidsN):
        for j in range(boidsN):
            if i != j:
                if abs(dist(boidsP[j], boidsP[i])) < P.SEPARATION_RANGE:
                    sepV[i] -= (boidsP[j] - boidsP[i])
    return sepV / 50 * separation


def alignment_rule():
    alignV = np.zeros((boidsN, 3))
    for i in range(boidsN):
        cnt = 0
        for j in range(boidsN):
            if i != j and dist(boidsP[j], boidsP[i]) < recog_range:
                alignV[i] += boidsV[j]
                cnt += 1
    if cnt > 0:
        alignV[i] /= cnt
    else:
        alignV[i] = boidsV[i]
    return (alignV - boidsV) / 600 * alignment


def cohesion_rule():
    cohV = np.zeros((boidsN, 3))
    for i in range(boidsN):
        cnt = 0
        for j in range(boidsN):
            if i != j and dist(boidsP[j], boidsP[i]) < recog_range:
                cohV[i] += boidsP[j]
                cnt += 1
        if cnt > 0:
            cohV[i] /= cnt
        else:
            cohV[i] = boidsP[i]
    return (cohV - boidsP) / 100 * cohesion


def avoid_obstacles_rule():
    if obstacleN == 0:
        return np.zeros((boidsN, 3))
    avoidV = np.zeros((boidsN, 3))
    for i in range(boidsN):
        for j in range(obstacleN):
            distToObs = dist(boidsP[i], obstacleP[j]) - obsSize[j]
            if distToObs < recog_range:
                if distToObs < 0.1:
                    avoidV[i] += 100 * normalize(boidsP[i] - obstacleP[j])
                else:
                    avoidV[i] += 10 / (distToObs ** 2) * normalize(boidsP[i] - obstacleP[j])
    return avoidV


def avoid_bound():
    bound = P.BOUND
    amount = P.AMOUNT
    for i in range(boidsN):
        if boidsP[i][0] + bound < -boundRange:
            boidsV[i][0] += amount
        if boidsP[i][0] - bound > boundRange:
            boidsV[i][0] -= amount
        if boidsP[i][1] + bound < -boundRange:
            boidsV[i][1] += amount
        if boidsP[i][1] - bound > boundRange:
            boidsV[i][1] -= amount
        if boidsP[i][2] + bound < -boundRange:
            boidsV[i][2] += amount
        if boidsP[i][2] - bound > boundRange:
            boidsV[i][2] -= amount


def limit_velocity():
    for i in range(boidsN):
        if np.linalg.norm(boidsV[i]) > max_speed:
            boidsV[i] = boidsV[i] / np.linalg.norm(boidsV[i]) * max_speed


def update_boids():
    global boidsP, boidsV
    vel1 = cohesion_rule()
    vel2 = separation_rule()
    vel3 = alignment_rule()
    boidsV += vel1 + vel2 + vel3 + avoid_obstacles_rule()
    boidsP += boidsV


def frame():
    update_boids()
    limit_velocity()
    if P.BOUNDARY == "softMargin":
        avoid_bound()


with open(sys.argv[4], "w") as out:
    out.write("step,kind,id,x,y,z,vx,vy,vz\n")
    for step in range(1, int(sys.argv[3]) + 1):
        frame()
        for k in range(boidsN):
            out.write("%d,boid,%d,%s\n" % (step, ids[k], ",".join(repr(float(c)) for c in (*boidsP[k], *boidsV[k]))))
