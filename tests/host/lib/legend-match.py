#!/usr/bin/env python3
# legend-match.py GP...: every legend entry of each gnuplot script ssdreport wrote (its
# "keyentry with STYLE lc rgb C [dt D]") draws a mark the chart draws: some plotted element has
# the same style, point type and dash (a line with filled dots in the legend, a line with filled
# dots on the chart). Boxes (bar charts) are left out. Prints "ok N" or one line per mismatch.
import re, sys

STYLE = re.compile(r'with (linespoints|lines|points|boxes|filledcurves)((?: (?:pt|ps|lw) [0-9.]+)*)'
                   r'(?: dt (\d+))?')

def mark(text):
    m = STYLE.search(text)
    if not m:
        return None
    opts = dict(re.findall(r'(pt|ps|lw) ([0-9.]+)', m.group(2)))
    dash = m.group(3) or ('1' if m.group(1) != 'points' else None)
    # a dash after "lc rgb" (the keyentry's order)
    d = re.search(r' dt (\d+)', text)
    if d:
        dash = d.group(1)
    return (m.group(1), opts.get('pt'), dash if m.group(1) != 'points' else None)

bad, n = [], 0
for gp in sys.argv[1:]:
    # a multiplot draws its legend in a strip of its own: the marks of the whole script count
    elems = [e.strip() for p in re.findall(r'\n\s*plot (.*?)\n(?!\s+(?:"|keyentry))', open(gp).read(), re.S)
             for e in re.split(r',\s*\\\n', p)]
    drawn = {mark(e) for e in elems if not e.startswith('keyentry')}
    for e in elems:
        if not e.startswith('keyentry') or 'boxes' in e:
            continue
        n += 1
        k = mark(e)
        if k not in drawn:
            bad.append('%s: legend %s (%s) drawn as none of %s' % (gp, k, e, sorted(map(str, drawn))))
print('\n'.join(bad) if bad else 'ok %d' % n)
