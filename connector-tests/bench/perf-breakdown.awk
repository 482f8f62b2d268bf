# Reads `perf script` output (stacks with symbols) and prints where the samples went: each sample is
# put in the first category its stack matches, and counted per thread kind (loop, worker, other).
function flush(   c, t) {
  if (n == 0) return
  c = "other user space (libc, vdso)"
  if (stack ~ /futex|__schedule|try_to_wake_up|wake_up_q|finish_task_switch|schedule_hrtimeout|do_nanosleep/) c = "thread hand-off: wake-ups, parking, context switches (futex, scheduler)"
  else if (stack ~ /ep_poll|do_epoll_wait|ep_send_events|ep_item_poll/) c = "selector: epoll_wait"
  else if (stack ~ /tcp_|inet_|sock_|skb|net_rx|__dev_queue|ip_finish|loopback_xmit/) c = "TCP on loopback: the read and write syscalls"
  else if (leaf ~ /\[kernel/) c = "other kernel (syscall entry and exit, timers, interrupts)"
  else if (leaf ~ /perf-[0-9]+\.map|\[JIT\]/) c = "Java, JIT-compiled (parser, framing, dispatch, servlet layer)"
  else if (leaf ~ /libjvm/) c = "JVM runtime (GC, compiler, safepoints)"
  t = thread ~ /^hawser-loop/ ? "loop" : thread ~ /^hawser-worker|^hawser-w/ ? "worker" : "other"
  count[c]++; per[c, t]++; threads[t]++; total++; n = 0; stack = ""
}
/^[^ \t]/ { flush(); thread = $1; next }
/^[ \t]*$/ { flush(); next }
{ n++; if (n == 1) leaf = $0; stack = stack " " $0 }
END {
  flush()
  printf "| where | share of samples | on the loop | on workers | other threads |\n|---|---:|---:|---:|---:|\n"
  for (c in count) printf "| %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% |\n", c, 100 * count[c] / total,
      100 * per[c, "loop"] / total, 100 * per[c, "worker"] / total, 100 * per[c, "other"] / total | "sort -t'|' -k3 -rn"
  close("sort -t'|' -k3 -rn")
  printf "| all | 100 %% (%d samples) | %.1f %% | %.1f %% | %.1f %% |\n", total, 100 * threads["loop"] / total,
      100 * threads["worker"] / total, 100 * threads["other"] / total
}
