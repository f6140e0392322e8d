#!/usr/bin/env python3
# align-check.py PAGE.html...: in every table of the pages, text left and numbers right: a column
# whose cells all read as figures ("1,234", "0.136", "+195.2", "3.41%", "max 63.7", a range of
# rounds "1-5", a count "3 of 8", a fitted line "-1.37 · round + 24478.7") has its header and
# cells aligned right (th without class l, td class n); any other column (a job's name, a
# verdict, fio's ss= as set, "yes") is aligned left, its header too (th class l, td class l or t).
# Empty cells say nothing, nor the words that stand where a figure is missing ("–" not measured,
# "?" not said, "failed", "job error 5", "none under 1 ms"), nor prose (td class t, or p for a
# short cell of a row of words set apart in a table of figures, such as a workload's
# description under its drive's figures). Prints "ok TABLES COLUMNS" or one line per column that breaks the rule.
import re, sys
from html.parser import HTMLParser

NUM = re.compile(r'^(max |≥ )?[+-]?(\d{1,3}(,\d{3})*|\d+)(\.\d+)?(e[+-]?\d+)?( ?(%|ms|µs|s)|[kM])?$|^\d+-\d+$'
                 r'|^\d+ of \d+$'  # a count out of a total: "3 of 8" drives at steady state
                 r'|^-?[\d.]+(e[+-]?\d+)? · \w+ [+-] [\d.]+(e[+-]?\d+)?$')  # a fitted line, a · x + b
NOFIG = re.compile(r'^(|–|\?|failed|job error \d+|none under 1 ms)$')


def says(x):  # does cell x say what its column holds?
    return not NOFIG.match(x[2].strip()) and 't' not in x[1] and 'p' not in x[1]


class Tables(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.row = [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'table':
            self.tables.append({'head': None, 'rows': [], 'caption': ''})
        elif tag == 'tr' and self.tables:
            self.row = []
        elif tag in ('th', 'td') and self.row is not None:
            self.cell = [tag, (a.get('class') or '').split(), '', int(a.get('colspan', 1))]
        elif tag == 'caption':
            self.cell = ['caption', [], '', 1]

    def handle_data(self, d):
        if self.cell is not None:
            self.cell[2] += d

    def handle_endtag(self, tag):
        if tag == 'caption' and self.cell:
            self.tables[-1]['caption'] = self.cell[2].strip()
            self.cell = None
        elif tag in ('th', 'td') and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == 'tr' and self.row is not None:
            t = self.tables[-1]
            if all(c[0] == 'th' for c in self.row):
                if not any('g' in c[1] for c in self.row):
                    t['head'] = self.row
            else:
                t['rows'].append(self.row)
            self.row = None


bad, ntab, ncol = [], 0, 0
for page in sys.argv[1:]:
    p = Tables()
    p.feed(open(page, encoding='utf-8').read())
    for t in p.tables:
        if not t['head'] or not t['rows']:
            continue
        ntab += 1
        for c, h in enumerate(t['head']):
            cells = [r[c] for r in t['rows'] if c < len(r)]
            texts = [x[2].strip() for x in cells if says(x)]
            if not texts:
                continue
            ncol += 1
            number = all(NUM.match(s) for s in texts)
            head_left = 'l' in h[1]
            cells_left = {('n' not in x[1]) for x in cells if says(x)}
            if number and (head_left or True in cells_left) and c > 0:
                bad.append('%s: "%s": figures column "%s" aligned left' % (page, t['caption'][:50], h[2]))
            if not number and (not head_left or False in cells_left):
                odd = [s for s in texts if not NUM.match(s)][:2]
                bad.append('%s: "%s": text column "%s" (%s) aligned right' %
                           (page, t['caption'][:50], h[2], ', '.join(odd)))
print('\n'.join(bad) if bad else 'ok %d %d' % (ntab, ncol))
