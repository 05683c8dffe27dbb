#!/usr/bin/env bash
# cpu-by-process.sh DIR: CPU seconds (user + system) used so far by each process of the local cluster
# whose data folder is DIR (`npm run start:cluster` with CLUSTER_DATA_DIR=DIR: every process it
# starts inherits that variable), one "name seconds" line per kind: each service target, postgres
# (the server with its exited backends, and the live ones), kafka, minio. loadtest-analysis.sh
# prints the difference across a run: where a book's CPU goes. Linux only (/proc).
set -euo pipefail
dir="$1"
ticks="$(getconf CLK_TCK)"
# "pid ppid own-ticks children-ticks args" of every process.
processes() {
  for proc in /proc/[0-9]*; do
    stat="$(cat "$proc/stat" 2>/dev/null)" || continue
    # Fields after "(comm) ": ppid is the 2nd; utime, stime, cutime, cstime the 12th to 15th.
    read -r -a f <<<"${stat##*) }"
    echo "${proc#/proc/} ${f[1]} $((f[11] + f[12])) $((f[13] + f[14])) $(tr '\0' ' ' <"$proc/cmdline" 2>/dev/null)"
  done
}
ours() { grep -qz "^CLUSTER_DATA_DIR=$dir\$" "/proc/$1/environ" 2>/dev/null; }
servers=" "
while read -r pid ppid own children args; do
  case "$args" in
    *--target=*) ours "$pid" && echo "$(sed 's/.*--target=\([a-z]*\).*/\1/' <<<"$args") $own" ;;
    # The server counts its exited backends too. Its live backends rewrite their environment (the
    # process title), so they are known by their parent.
    *postgres\ -D*) ours "$pid" && servers+="$pid " && echo "postgres $((own + children))" ;;
    postgres:*) [[ "$servers" == *" $ppid "* ]] && echo "postgres $own" ;;
    *java*kafka*) ours "$pid" && echo "kafka $own" ;;
    *minio\ server*) ours "$pid" && echo "minio $own" ;;
  esac || true
done < <(processes | sort -n) | awk -v t="$ticks" '{ s[$1] += $2 } END { for (k in s) printf "%s %.2f\n", k, s[k] / t }' | sort
