# Sourced by the benchmark scripts: keeps each configuration's runs across the rounds and
# reports them as medians of wall and CPU seconds and the largest peak RSS.
#
#   keep NAME   (after setting wall, cpu and rss_mb for one run)
#   wall_of NAME, cpu_of NAME   the medians;  ${largest_rss[NAME]} the largest RSS in MB
#   rate COUNT SECONDS, ratio A B   formatted divisions

declare -A walls cpus largest_rss
keep() {  # name (uses wall, cpu, rss_mb of the last run)
  walls[$1]="${walls[$1]:-} $wall"
  cpus[$1]="${cpus[$1]:-} $cpu"
  largest_rss[$1]=$(awk -v a="$rss_mb" -v b="${largest_rss[$1]:-0}" 'BEGIN { print (a > b ? a : b) }')
}
median() {  # numbers...
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
# shellcheck disable=SC2086  # the lists split into numbers on purpose
wall_of() { median ${walls[$1]}; }
# shellcheck disable=SC2086
cpu_of() { median ${cpus[$1]}; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
