# stats.awk - the statistics of the benchmark tables (bench/run-coll.sh, run-halo.sh, run-io.sh), loaded before
# each script's own program: awk -F, "$(cat bench/stats.awk)"'...program...'.

# The median of a space-separated list of numbers.
function median(list,   n, a, i, t, j) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
# The spread of a list of times: "min–max", formatted with %.2f.
function spread(list,   n, a, i, lo, hi) {
	n = split(list, a, " ")
	lo = hi = a[1] + 0
	for (i = 2; i <= n; i++) { if (a[i] + 0 < lo) lo = a[i] + 0; if (a[i] + 0 > hi) hi = a[i] + 0 }
	return sprintf("%.2f–%.2f", lo, hi)
}
