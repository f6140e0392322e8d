# snia-window.awk - the SNIA PTS test flow over one IOPS figure per line (rounds in order),
# computed here from the raw values, independently of the reporter: the measurement window is the
# first 5 rounds with max - min <= 20 % of their mean and a least-squares line changing by at most
# 10 % of it across them, else the last 5. Prints "FIRST-LAST MEAN RANGE% EXCURSION% VERDICT"
# (VERDICT steady or not-steady; rounds numbered from 1).
{ y[NR] = $1 }
function judge(a, b,   i, m, lo, hi, sx, sy, sxy, sxx, sl) {
	m = 0; lo = hi = y[a]
	for (i = a; i <= b; i++) { m += y[i]; lo = y[i] < lo ? y[i] : lo; hi = y[i] > hi ? y[i] : hi }
	m /= (b - a + 1)
	for (i = a; i <= b; i++) { sx += i; sy += y[i]; sxy += i * y[i]; sxx += i * i }
	sl = ((b - a + 1) * sxy - sx * sy) / ((b - a + 1) * sxx - sx * sx)
	rng = 100 * (hi - lo) / m; exc = 100 * (sl < 0 ? -sl : sl) * (b - a) / m; mean = m
	return rng <= 20 && exc <= 10
}
END {
	for (e = 5; e <= NR; e++) if (judge(e - 4, e)) { steady = 1; break }
	if (!steady) { e = NR; judge(e - 4, e) }
	printf "%d-%d %.9g %.9g %.9g %s\n", e - 4, e, mean, rng, exc, steady ? "steady" : "not-steady"
}
