/*
 * uploadload: an upload client that sends each body with sendfile(2) (docs/benchmarks.md, "Upload
 * 1 MiB: the floor"). Not the upload workload's client, which stays wrk with upload.lua: kept to
 * reproduce why. On loopback the sender's core also runs the receiver's TCP input, and wrk (which
 * writes every body from its own buffer) is the ceiling of the upload 1 MiB cell against Hawser.
 * Sending from the page cache spares the client its copy, but the receiver then copies out of
 * page-cache pages, which costs some servers far more per byte (Jetty's CPU per request doubled):
 * it changes what is measured.
 *
 * Usage: uploadload HOST PORT PATH FILE CONNS SECONDS
 *
 * Closed loop over CONNS keep-alive connections: each POSTs FILE to PATH (Content-Type
 * application/octet-stream, Content-Length framing), reads the response, checks it, and posts again,
 * for SECONDS. The head goes first with MSG_MORE, so head and body start in one segment.
 *
 * One thread, epoll, non-blocking sockets, CLOCK_MONOTONIC. A response must be 200 with a body equal
 * to the decimal byte count of FILE (the echo WAR's /upload answers the length it read), framed by
 * Content-Length; any other status, a response without Content-Length (its connection is then
 * closed and opened again), or another body counts in "Non-2xx or 3xx responses" (and a line "Wrong answers" says how many of those were 200 with a wrong body). A connection the
 * server closes is counted as a read error and opened again. Latency runs from the first byte of the
 * request written to the end of its response. The output has wrk's lines (the 99% latency, "N
 * requests in", "Requests/sec:", "Socket errors:", "Non-2xx"), so scripts that read wrk's output
 * read it too. Exit status 2 on a usage, file or connect error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define IN_CAP 8192

enum phase { HEAD, BODY, RESPONSE };

typedef struct {
  int fd;
  enum phase phase;
  size_t head_off;    /* head bytes written */
  off_t body_off;     /* file offset sendfile goes on from */
  char in[IN_CAP];
  size_t in_len;
  int64_t started;    /* when the request's first byte was written */
  int want_out;
} conn;

static const char *host_arg, *port_arg;
static char head[1024];
static size_t head_len;
static int file_fd;
static off_t file_size;
static char expected[32];
static size_t expected_len;
static int ep;
static long completed, non2xx, wrong, read_errors, write_errors, connect_errors;
static long long bytes_read;
static int64_t *lat;
static size_t lat_len, lat_cap;

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int open_conn(void) {
  struct addrinfo hints = {0}, *res;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host_arg, port_arg, &hints, &res) != 0) {
    return -1;
  }
  int fd = socket(res->ai_family, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    if (fd >= 0) {
      close(fd);
    }
    freeaddrinfo(res);
    return -1;
  }
  freeaddrinfo(res);
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}

static void watch(conn *c, int out) {
  struct epoll_event ev = {.events = EPOLLIN | (out ? EPOLLOUT : 0), .data.ptr = c};
  epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
  c->want_out = out;
}

static void start_request(conn *c) {
  c->phase = HEAD;
  c->head_off = 0;
  c->body_off = 0;
  c->in_len = 0;
  c->started = now_ns();
}

/* Opens c's connection (again); 0 when it cannot. */
static int connect_conn(conn *c) {
  c->fd = open_conn();
  if (c->fd < 0) {
    connect_errors++;
    return 0;
  }
  struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
  epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
  c->want_out = 1;
  start_request(c);
  return 1;
}

static void reopen(conn *c) {
  epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  connect_conn(c);
}

/* A send or sendfile returned -1: a full socket waits for EPOLLOUT; anything else reopens. */
static void write_stopped(conn *c) {
  if (errno == EAGAIN) {
    if (!c->want_out) watch(c, 1);
    return;
  }
  write_errors++;
  reopen(c);
}

/* Writes what it can of the head and body; leaves EPOLLOUT on while the socket is full. */
static void send_more(conn *c) {
  while (c->phase == HEAD) {
    ssize_t n = send(c->fd, head + c->head_off, head_len - c->head_off, MSG_MORE | MSG_NOSIGNAL);
    if (n < 0) {
      write_stopped(c);
      return;
    }
    c->head_off += (size_t)n;
    if (c->head_off == head_len) {
      c->phase = BODY;
    }
  }
  while (c->phase == BODY) {
    ssize_t n = sendfile(c->fd, file_fd, &c->body_off, (size_t)(file_size - c->body_off));
    if (n < 0) {
      write_stopped(c);
      return;
    }
    if (c->body_off == file_size) {
      c->phase = RESPONSE;
    }
  }
  if (c->want_out) {
    watch(c, 0);
  }
}

/*
 * Whether c->in holds one whole response; then *status, and *ok when its body is the expected text.
 * Content-Length framing only (the echo WAR's /upload sets it); a response without it counts as
 * wrong and closes the connection, since where it ends is unknown.
 */
static int response_done(conn *c, int *status, int *ok, int *closing) {
  c->in[c->in_len] = 0;
  char *end = strstr(c->in, "\r\n\r\n");
  if (end == NULL) {
    return 0;
  }
  char *body = end + 4;
  *status = atoi(c->in + 9);
  *closing = 0;
  long length = -1;
  for (char *line = strstr(c->in, "\r\n") + 2; line < end; line = strstr(line, "\r\n") + 2) {
    if (strncasecmp(line, "content-length:", 15) == 0) {
      length = atol(line + 15);
    } else if (strncasecmp(line, "connection:", 11) == 0 && strcasestr(line, "close") != NULL) {
      *closing = 1;
    }
  }
  if (length < 0) {
    *ok = 0;
    *closing = 1;
    return 1;
  }
  if (c->in_len - (size_t)(body - c->in) < (size_t)length) {
    return 0;
  }
  *ok = (size_t)length == expected_len && memcmp(body, expected, expected_len) == 0;
  return 1;
}

static void record(int64_t ns) {
  if (lat_len == lat_cap) {
    lat_cap = lat_cap ? lat_cap * 2 : 65536;
    lat = realloc(lat, lat_cap * sizeof *lat);
    if (lat == NULL) {
      perror("uploadload: realloc");
      exit(2);
    }
  }
  lat[lat_len++] = ns;
}

static void receive(conn *c, int recording) {
  for (;;) {
    if (c->in_len == IN_CAP - 1) {
      read_errors++; /* a response this client cannot hold: not the echo WAR's */
      reopen(c);
      return;
    }
    ssize_t n = read(c->fd, c->in + c->in_len, IN_CAP - 1 - c->in_len);
    if (n < 0 && errno == EAGAIN) {
      return;
    }
    if (n <= 0) {
      read_errors++;
      reopen(c);
      return;
    }
    bytes_read += n;
    c->in_len += (size_t)n;
    int status, ok, closing;
    if (response_done(c, &status, &ok, &closing)) {
      if (c->phase != RESPONSE) {
        /* answered before the body was all sent (e.g. a 413): counted, and the framing is in doubt */
        if (recording) {
          completed++;
          non2xx++;
        }
        reopen(c);
        return;
      }
      if (recording) {
        completed++;
        record(now_ns() - c->started);
        if (status < 200 || status > 399 || !ok) {
          non2xx++;
          if (status == 200) {
            wrong++;
          }
        }
      }
      if (closing) {
        epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        connect_conn(c);
      } else {
        start_request(c);
        send_more(c);
      }
      return;
    }
  }
}

static int cmp(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* wrk's latency format: microseconds, milliseconds or seconds with two decimals. */
static void print_latency(const char *label, int64_t ns) {
  double us = ns / 1000.0;
  if (us < 1000) {
    printf("    %s %8.2fus\n", label, us);
  } else if (us < 1000000) {
    printf("    %s %8.2fms\n", label, us / 1000);
  } else {
    printf("    %s %8.2fs\n", label, us / 1000000);
  }
}

static int64_t percentile(double p) {
  if (lat_len == 0) {
    return 0;
  }
  size_t rank = (size_t)(p / 100.0 * lat_len + 0.999999);
  if (rank < 1) rank = 1;
  if (rank > lat_len) rank = lat_len;
  return lat[rank - 1];
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: uploadload HOST PORT PATH FILE CONNS SECONDS\n");
    return 2;
  }
  host_arg = argv[1];
  port_arg = argv[2];
  const char *path = argv[3];
  int conns = atoi(argv[5]);
  int seconds = atoi(argv[6]);
  if (conns < 1 || seconds < 1) {
    fprintf(stderr, "uploadload: CONNS and SECONDS must be positive\n");
    return 2;
  }
  file_fd = open(argv[4], O_RDONLY);
  struct stat st;
  if (file_fd < 0 || fstat(file_fd, &st) != 0 || st.st_size == 0) {
    fprintf(stderr, "uploadload: cannot read %s\n", argv[4]);
    return 2;
  }
  file_size = st.st_size;
  expected_len = (size_t)snprintf(expected, sizeof expected, "%lld", (long long)file_size);
  head_len = (size_t)snprintf(head, sizeof head,
      "POST %s HTTP/1.1\r\nHost: %s:%s\r\nContent-Type: application/octet-stream\r\nContent-Length: %lld\r\n\r\n",
      path, host_arg, port_arg, (long long)file_size);
  ep = epoll_create1(0);
  conn *cs = calloc((size_t)conns, sizeof *cs);
  printf("Running %ds test @ http://%s:%s%s\n  1 threads and %d connections (uploadload: sendfile of %lld bytes)\n",
      seconds, host_arg, port_arg, path, conns, (long long)file_size);
  for (int i = 0; i < conns; i++) {
    if (!connect_conn(&cs[i])) {
      fprintf(stderr, "uploadload: cannot connect to %s:%s\n", host_arg, port_arg);
      return 2;
    }
    send_more(&cs[i]);
  }
  int64_t t0 = now_ns(), end = t0 + (int64_t)seconds * 1000000000LL;
  struct epoll_event evs[256];
  for (int64_t t = t0; t < end; t = now_ns()) {
    int ms = (int)((end - t) / 1000000) + 1;
    int n = epoll_wait(ep, evs, 256, ms < 100 ? ms : 100);
    for (int i = 0; i < n; i++) {
      conn *c = evs[i].data.ptr;
      if (evs[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
        receive(c, now_ns() < end);
      }
      if ((evs[i].events & EPOLLOUT) && c->phase != RESPONSE) {
        send_more(c);
      }
    }
  }
  double elapsed = (now_ns() - t0) / 1e9;
  qsort(lat, lat_len, sizeof *lat, cmp);
  printf("  Latency Distribution\n");
  print_latency("50%", percentile(50));
  print_latency("75%", percentile(75));
  print_latency("90%", percentile(90));
  print_latency("99%", percentile(99));
  printf("  %ld requests in %.2fs, %.2fMB read\n", completed, elapsed, bytes_read / 1048576.0);
  if (read_errors || write_errors || connect_errors) {
    printf("  Socket errors: connect %ld, read %ld, write %ld, timeout 0\n", connect_errors, read_errors, write_errors);
  }
  if (non2xx) {
    printf("  Non-2xx or 3xx responses: %ld\n", non2xx);
  }
  if (wrong) {
    printf("  Wrong answers: %ld (200, but not the body's length)\n", wrong);
  }
  printf("Requests/sec: %10.2f\n", completed / elapsed);
  printf("Transfer/sec: %10.2fMB (request bodies sent)\n", completed * (double)file_size / elapsed / 1048576.0);
  return 0;
}
