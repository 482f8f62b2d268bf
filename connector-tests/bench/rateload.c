/*
 * rateload: the latency workload's HTTP/1.1 load generator (docs/benchmarks.md, "latency, the generator").
 *
 * Usage: rateload HOST PORT PATH CONNS WARMUP_S SECONDS RATE|max
 *
 * Open loop (RATE in requests/s): request k is due at t0 + k/RATE (evenly spaced, no bursts), goes on
 * connection k mod CONNS and is written when due whether or not earlier responses on that connection have
 * arrived (HTTP/1.1 pipelining, RFC 9112 section 9.3.2). Each latency runs from the instant the request was
 * *due* to the end of its response, so a server stall counts in full for every request it delays
 * (coordinated omission corrected, as in wrk2). "max" runs closed loop instead: one request in flight per
 * connection, the next sent when the previous response is complete, latency from the send: the highest
 * rate this client reaches against the server over these connections.
 *
 * One thread, epoll, non-blocking sockets, CLOCK_MONOTONIC; it busy-polls (epoll_wait with timeout 0) while
 * the next request is due within 2 ms, so the schedule does not depend on timer granularity. No allocation
 * on the request path once the buffers have grown to the load (the sample array is sized from the rate).
 * The first WARMUP_S seconds are not recorded. Prints one line:
 *   RESULT mode=max|rate target= achieved= requests= non200= errors= unanswered= p50_us= p90_us= p99_us=
 *          p999_us= max_us= mean_us= lag_max_us= late_1ms= nivcsw=
 * achieved = recorded responses / SECONDS; unanswered = requests due in the window without a response 2 s
 * after it; lag_max_us = the longest any recorded request was written after it was due (the client's own
 * delay: above a millisecond the client, not the server, was the limit); late_1ms = how many recorded
 * requests were written more than 1 ms late; nivcsw = involuntary context switches of this thread during
 * the run (another task took the CPU). Percentiles are nearest-rank over every recorded sample. Responses
 * must be Content-Length-framed (as /plaintext is); a status other than 200 counts in non200; a failed
 * write or a closed connection in errors. Exit status 2 on a usage or connect error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define DRAIN_NS 2000000000LL
#define IN_CAP (64 * 1024)

typedef struct {
  int fd;
  int dead;           /* the server closed it, or a read or write failed */
  int want_out;       /* EPOLLOUT is registered */
  char in[IN_CAP];
  size_t in_len;
  char *out;          /* request bytes not yet written: [out_off, out_len) */
  size_t out_off, out_len, out_cap;
  int64_t *due;       /* ring of the due (open loop) or send (closed loop) instants of the requests in flight */
  size_t head, size, cap;
} conn;

static const char *request;
static size_t request_len;
static conn *conns;
static int nconns, epfd;
static int64_t record_from, record_until, lag_max;
static int64_t *samples;
static size_t nsamples, samples_cap;
static long long non200, errors, late_1ms, stalls, stalls_preempted;
static long nivcsw_seen;      /* this thread's involuntary context switches at the last look */
static int64_t nivcsw_at;     /* when that was */

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void *grow(void *p, size_t bytes) {
  void *q = realloc(p, bytes);
  if (!q) { perror("rateload: realloc"); exit(1); }
  return q;
}

static void push(conn *c, int64_t t) {
  if (c->size == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 64;
    int64_t *d = grow(NULL, cap * sizeof *d);
    for (size_t i = 0; i < c->size; i++) d[i] = c->due[(c->head + i) % c->cap];
    free(c->due);
    c->due = d, c->head = 0, c->cap = cap;
  }
  c->due[(c->head + c->size++) % c->cap] = t;
}

static int64_t pop(conn *c) {
  int64_t t = c->due[c->head];
  c->head = (c->head + 1) % c->cap;
  c->size--;
  return t;
}

static void record(int64_t ns) {
  if (nsamples == samples_cap) {
    samples_cap = samples_cap ? samples_cap * 2 : 1 << 20;
    samples = grow(samples, samples_cap * sizeof *samples);
  }
  samples[nsamples++] = ns;
}

static void interest(conn *c, int want_out) {
  if (c->dead || c->want_out == want_out) return;
  struct epoll_event ev = {.events = EPOLLIN | (want_out ? EPOLLOUT : 0), .data.ptr = c};
  epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
  c->want_out = want_out;
}

static void kill_conn(conn *c) {
  if (c->dead) return;
  errors++;
  epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
  c->dead = 1;
}

/* Writes what c holds; the rest waits for EPOLLOUT (the server is not reading). */
static void flush(conn *c) {
  while (!c->dead && c->out_off < c->out_len) {
    ssize_t n = send(c->fd, c->out + c->out_off, c->out_len - c->out_off, MSG_NOSIGNAL);
    if (n > 0) { c->out_off += (size_t)n; continue; }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    kill_conn(c);
  }
  if (c->out_off == c->out_len) c->out_off = c->out_len = 0;
  interest(c, c->out_len > 0);
}

/* Queues one request on c (its due or send instant t) and writes it if the socket takes it. */
static void send_request(conn *c, int64_t t) {
  push(c, t);
  if (c->dead) { errors++; return; }
  if (c->out_len + request_len > c->out_cap) {
    if (c->out_off) {
      memmove(c->out, c->out + c->out_off, c->out_len - c->out_off);
      c->out_len -= c->out_off, c->out_off = 0;
    }
    if (c->out_len + request_len > c->out_cap) {
      c->out_cap = c->out_cap ? c->out_cap * 2 : request_len * 64;
      c->out = grow(c->out, c->out_cap);
    }
  }
  memcpy(c->out + c->out_len, request, request_len);
  c->out_len += request_len;
  flush(c);
}

/* The length of the complete response at the start of buf[0, len), or 0 if it is not complete yet;
 * *ok: its status is 200. The body length is the value of a Content-Length field (name ignoring case). */
static size_t response(const char *buf, size_t len, int *ok) {
  const char *end = memmem(buf, len, "\r\n\r\n", 4);
  if (!end) return 0;
  size_t head = (size_t)(end - buf) + 4, body = 0;
  for (const char *line = buf; line < end;) {
    const char *eol = memmem(line, (size_t)(end + 2 - line), "\r\n", 2);
    if ((size_t)(eol - line) > 15 && line[14] == ':' && strncasecmp(line, "content-length", 14) == 0) {
      body = 0;
      for (const char *d = line + 15; d < eol; d++)
        if (*d >= '0' && *d <= '9') body = body * 10 + (size_t)(*d - '0');
    }
    line = eol + 2;
  }
  if (len - head < body) return 0;
  *ok = len >= 12 && memcmp(buf + 9, "200", 3) == 0;
  return head + body;
}

/* Reads what c has and completes its responses; closed loop: each completion sends the next request. */
static void readable(conn *c, int closed_loop) {
  for (;;) {
    size_t room = IN_CAP - c->in_len;
    ssize_t n = recv(c->fd, c->in + c->in_len, room, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) { kill_conn(c); return; }
    c->in_len += (size_t)n;
    int64_t now = now_ns();
    size_t off = 0, r;
    int ok = 0;
    while (c->size > 0 && (r = response(c->in + off, c->in_len - off, &ok)) > 0) {
      int64_t t = pop(c);
      off += r;
      if (t >= record_from && t < record_until) {
        record(now - t);
        non200 += !ok;
      }
      if (closed_loop && now < record_until) send_request(c, now);
    }
    memmove(c->in, c->in + off, c->in_len - off);
    c->in_len -= off;
    if (c->in_len == IN_CAP) {   /* a response larger than the buffer: not /plaintext */
      fprintf(stderr, "rateload: a response is larger than %d bytes\n", IN_CAP);
      exit(1);
    }
    if ((size_t)n < room) return;   /* the socket is empty: level-triggered epoll says when it is not */
  }
}

static void poll_once(int timeout_ms, int closed_loop) {
  struct epoll_event ev[64];
  int n = epoll_wait(epfd, ev, 64, timeout_ms);
  for (int i = 0; i < n; i++) {
    conn *c = ev[i].data.ptr;
    if (ev[i].events & EPOLLOUT) flush(c);
    if (ev[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) readable(c, closed_loop);
  }
}

/* Waits for what is in flight, at most 2 s. Returns the requests due in [record_from, end) still unanswered. */
static long long drain(int64_t end) {
  int64_t deadline = now_ns() + DRAIN_NS;
  for (;;) {
    int busy = 0;
    for (int i = 0; i < nconns; i++) busy |= conns[i].size > 0 && !conns[i].dead;
    if (!busy || now_ns() >= deadline) break;
    poll_once(10, 0);
  }
  long long left = 0;
  for (int i = 0; i < nconns; i++) {
    conn *c = &conns[i];
    for (size_t j = 0; j < c->size; j++) {
      int64_t t = c->due[(c->head + j) % c->cap];
      left += t >= record_from && t < end;
    }
    close(c->fd);
  }
  return left;
}

static long involuntary_switches(void) {
  struct rusage ru;
  getrusage(RUSAGE_THREAD, &ru);
  return ru.ru_nivcsw;
}

/* Called at the top of every loop iteration: a gap of more than 1 ms since the previous one (in the window)
 * is a stall; it was preempted if the thread was switched out involuntarily since the last look, which is
 * taken at most every 100 µs (getrusage costs ~0.3 µs). */
static void watch(int64_t prev, int64_t now) {
  if (now - prev > 1000000 && now >= record_from && prev < record_until) {
    long n = involuntary_switches();
    stalls++;
    stalls_preempted += n > nivcsw_seen;
    nivcsw_seen = n, nivcsw_at = now;
  } else if (now - nivcsw_at > 100000) {
    nivcsw_seen = involuntary_switches(), nivcsw_at = now;
  }
}

static long long open_loop(int64_t start, double rate) {
  double interval = 1e9 / rate;
  int64_t end = record_until, prev = start;
  for (long long k = 0, slept = 0;;) {
    int64_t now = now_ns(), due = start + (int64_t)(k * interval);
    if (!slept) watch(prev, now);
    prev = now;
    while (due <= now && due < end) {
      send_request(&conns[k % nconns], due);
      if (due >= record_from) {
        int64_t lag = now_ns() - due;
        lag_max = lag > lag_max ? lag : lag_max;
        late_1ms += lag > 1000000;
      }
      k++;
      due = start + (int64_t)(k * interval);
    }
    if (now >= end) break;
    int64_t wait = due - now_ns();
    int timeout_ms = wait > 2000000 ? (int)((wait - 1000000) / 1000000) : 0;   /* below 500 req/s only */
    poll_once(timeout_ms, 0);
    slept = timeout_ms > 0;
  }
  return drain(end);
}

static long long closed_loop(void) {
  int64_t now = now_ns();
  for (int i = 0; i < nconns; i++) send_request(&conns[i], now);
  for (int64_t prev = now, t; (t = now_ns()) < record_until; prev = t) {
    watch(prev, t);
    poll_once(0, 1);
  }
  return drain(record_until);
}

/* The time this thread has spent runnable but waiting for a CPU, in ns (/proc/thread-self/schedstat); -1 if unknown. */
static long long runq_wait_ns(void) {
  long long run = 0, wait = -1;
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  if (f) {
    if (fscanf(f, "%lld %lld", &run, &wait) != 2) wait = -1;
    fclose(f);
  }
  return wait;
}

static int cmp64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The q-quantile of the sorted samples in µs (nearest rank). */
static long long pct(double q) {
  if (!nsamples) return 0;
  double rank = q * (double)nsamples;
  size_t r = (size_t)rank;
  r += (double)r < rank;
  r = r < 1 ? 1 : r > nsamples ? nsamples : r;
  return samples[r - 1] / 1000;
}

static void open_conns(const char *host, const char *port) {
  struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai;
  int rc = getaddrinfo(host, port, &hints, &ai);
  if (rc) { fprintf(stderr, "rateload: %s: %s\n", host, gai_strerror(rc)); exit(2); }
  epfd = epoll_create1(0);
  conns = calloc((size_t)nconns, sizeof *conns);
  if (!conns || epfd < 0) { perror("rateload"); exit(2); }
  for (int i = 0; i < nconns; i++) {
    conn *c = &conns[i];
    int one = 1;
    c->fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (c->fd < 0) { perror("rateload: socket"); exit(2); }
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(c->fd, ai->ai_addr, ai->ai_addrlen) < 0 && errno != EINPROGRESS) {
      perror("rateload: connect");
      exit(2);
    }
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = c};
    epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &ev);
  }
  freeaddrinfo(ai);
  for (int open = 0; open < nconns;) {   /* every connect completed (writable), or fail */
    struct epoll_event ev[64];
    int n = epoll_wait(epfd, ev, 64, 5000);
    if (n <= 0) { fprintf(stderr, "rateload: connect to %s:%s timed out\n", host, port); exit(2); }
    for (int i = 0; i < n; i++) {
      conn *c = ev[i].data.ptr;
      int err = 0;
      socklen_t l = sizeof err;
      getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
      if (err) { fprintf(stderr, "rateload: connect to %s:%s: %s\n", host, port, strerror(err)); exit(2); }
      struct epoll_event in = {.events = EPOLLIN, .data.ptr = c};
      epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &in);
      open++;
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr, "usage: rateload HOST PORT PATH CONNS WARMUP_S SECONDS RATE|max\n");
    return 2;
  }
  nconns = atoi(argv[4]);
  double warmup = atof(argv[5]), seconds = atof(argv[6]);
  int max = strcmp(argv[7], "max") == 0;
  double rate = max ? 0 : atof(argv[7]);
  if (nconns < 1 || seconds <= 0 || warmup < 0 || (!max && rate <= 0)) {
    fprintf(stderr, "rateload: CONNS, SECONDS and RATE must be positive, WARMUP_S not negative\n");
    return 2;
  }
  static char req[4096];
  snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s:%s\r\n\r\n", argv[3], argv[1], argv[2]);
  request = req, request_len = strlen(req);
  open_conns(argv[1], argv[2]);
  samples_cap = max ? 1 << 22 : (size_t)(rate * seconds * 1.05) + 1024;
  samples = grow(NULL, samples_cap * sizeof *samples);
  memset(samples, 0, samples_cap * sizeof *samples);   /* touch the pages now, not on the request path */
  long nivcsw0 = involuntary_switches();
  long long runq0 = runq_wait_ns();
  int64_t start = now_ns();
  record_from = start + (int64_t)(warmup * 1e9);
  record_until = record_from + (int64_t)(seconds * 1e9);
  long long unanswered = max ? closed_loop() : open_loop(start, rate);
  long nivcsw = involuntary_switches() - nivcsw0;
  long long runq1 = runq_wait_ns(), runq = runq0 < 0 || runq1 < 0 ? -1000 : runq1 - runq0;
  qsort(samples, nsamples, sizeof *samples, cmp64);
  double sum = 0;
  for (size_t i = 0; i < nsamples; i++) sum += (double)samples[i];
  printf("RESULT mode=%s target=%.0f achieved=%.1f requests=%zu non200=%lld errors=%lld unanswered=%lld "
         "p50_us=%lld p90_us=%lld p99_us=%lld p999_us=%lld max_us=%lld mean_us=%.1f lag_max_us=%lld "
         "late_1ms=%lld stalls_1ms=%lld stalls_preempted=%lld nivcsw=%ld runq_wait_us=%lld\n",
         max ? "max" : "rate", rate, (double)nsamples / seconds, nsamples, non200, errors, unanswered,
         pct(0.5), pct(0.9), pct(0.99), pct(0.999), nsamples ? (long long)(samples[nsamples - 1] / 1000) : 0,
         nsamples ? sum / (double)nsamples / 1000 : 0.0, (long long)(lag_max / 1000),
         late_1ms, stalls, stalls_preempted, nivcsw, runq / 1000);
  return 0;
}
