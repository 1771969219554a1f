"""Paired comparisons of the mason-flockers runs on their shared test seeds (Seeds.test(1, r), r < 30).

Each run's winner is row 1 of its validation.csv; its test rows in history.csv are role 'test'.
The published-genes run's base preset (MASON's published genes) is role 'baseline'.
Prints mean difference and 95 % paired-t interval (29 degrees of freedom, t = 2.045).
Usage: python3 results/mason-flockers/paired.py [DIR]   (DIR defaults to this script's folder)
"""
import csv, math, os, statistics, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def rows(run, name):
    with open(os.path.join(root, run, name)) as f:
        return list(csv.DictReader(f))


def winner(run):
    best = rows(run, 'validation.csv')[1]['candidate']
    return {r['seed']: float(r['neighbours']) for r in rows(run, 'history.csv')
            if r['role'] == 'test' and r['candidate'] == best}


def baseline(run):
    return {r['seed']: float(r['neighbours']) for r in rows(run, 'history.csv') if r['role'] == 'baseline'}


def paired(a, b, label):
    assert set(a) == set(b) and len(a) == 30, label
    d = [a[s] - b[s] for s in a]
    m, h = statistics.mean(d), 2.045 * statistics.stdev(d) / math.sqrt(len(d))
    print(f'{label}: {m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]')


ga, nsga2, rnd = winner('ga-run'), winner('nsga2-run'), winner('random-run')
published = baseline('published-run')
paired(ga, published, 'ga winner - MASON published genes')
paired(nsga2, published, 'nsga2 winner - MASON published genes')
paired(nsga2, ga, 'nsga2 winner - ga winner')
paired(ga, rnd, 'ga winner - random-search winner')
for run in ('ga-run', 'nsga2-run', 'random-run'):
    trials = [float(r['neighbours']) for r in rows(run, 'history.csv') if r['role'] == 'new']
    print(f'{run}: {len(trials)} search trials, best single trial {max(trials):.2f}')
