/*
 * uploadsink: the floor of the upload workload on this kernel (docs/benchmarks.md, "upload 1 MiB: the
 * floor"). Not a server: one thread, epoll, non-blocking sockets, no HTTP beyond finding the end of the
 * head and its Content-Length. It reads each request body with read(2) into one 64 KiB buffer and answers
 * "200" with the body's length as text (what the echo WAR's /upload answers), so the CPU it spends per
 * request is what the kernel charges the receiving side of a loopback upload plus almost nothing.
 *
 * Usage: uploadsink PORT [copy|nocopy [READ_BYTES]]
 *
 * With "copy", every piece read is also copied (memcpy) into a per-connection array of READ_BYTES,
 * as the echo WAR's UploadServlet reads the body into one reused 16 KiB array and any JVM server
 * then copies each piece once (from the socket's direct buffer into the heap array): the floor of a
 * server that hands the body to application code. READ_BYTES (default and most 65536) is the most one read(2) asks for, to
 * measure what the size of the reads costs. Binds 127.0.0.1; runs until killed. Requests must carry Content-Length, heads
 * must fit in 64 KiB; anything else closes the connection.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define BUF (64 * 1024)

typedef struct {
  int fd;
  size_t head_len;   /* bytes of the head read so far (into head) */
  long body_left;    /* body bytes still to read; -1 while reading the head */
  long body_len;
  char *array;       /* "copy": the application's array (64 KiB: a piece that came with the head fits) */
  char head[BUF];
} conn;

static char buf[BUF];
static int copy;
static size_t read_max = BUF;

static void drop(int ep, conn *c) {
  epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  free(c->array);
  free(c);
}

static int answer(conn *c) {
  char out[128];
  char len[32];
  int n = snprintf(len, sizeof len, "%ld", c->body_len);
  int m = snprintf(out, sizeof out, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s", n, len);
  return write(c->fd, out, (size_t)m) == m; /* a few bytes into an empty send buffer */
}

/* Takes n bytes of body from p; 0 when the connection must close. */
static int take_body(conn *c, const char *p, size_t n) {
  if (copy) {
    memcpy(c->array, p, n);
  }
  c->body_left -= (long)n;
  if (c->body_left == 0) {
    c->body_left = -1;
    c->head_len = 0;
    return answer(c);
  }
  return 1;
}

/* Reads what is there; 0 when the connection must close. */
static int on_readable(conn *c) {
  for (;;) {
    if (c->body_left < 0) {
      ssize_t n = read(c->fd, c->head + c->head_len, BUF - c->head_len);
      if (n < 0 && errno == EAGAIN) return 1;
      if (n <= 0) return 0;
      c->head_len += (size_t)n;
      char *end = memmem(c->head, c->head_len, "\r\n\r\n", 4);
      if (end == NULL) {
        if (c->head_len == BUF) return 0;
        continue;
      }
      char *cl = memmem(c->head, (size_t)(end - c->head), "\r\nContent-Length:", 17);
      if (cl == NULL) cl = memmem(c->head, (size_t)(end - c->head), "\r\ncontent-length:", 17);
      if (cl == NULL) return 0;
      c->body_len = c->body_left = atol(cl + 17);
      if (c->body_len <= 0) return 0;
      size_t after = c->head_len - (size_t)(end + 4 - c->head);
      if ((long)after > c->body_left) return 0; /* pipelined past the body: not this workload */
      if (after > 0 && !take_body(c, end + 4, after)) return 0;
      continue;
    }
    size_t want = (size_t)c->body_left < read_max ? (size_t)c->body_left : read_max;
    ssize_t n = read(c->fd, buf, want);
    if (n < 0 && errno == EAGAIN) return 1;
    if (n <= 0) return 0;
    if (!take_body(c, buf, (size_t)n)) return 0;
  }
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4 || (argc >= 3 && strcmp(argv[2], "copy") != 0 && strcmp(argv[2], "nocopy") != 0)
      || (argc == 4 && (atol(argv[3]) < 1 || atol(argv[3]) > BUF))) {
    fprintf(stderr, "usage: uploadsink PORT [copy|nocopy [READ_BYTES (1-65536)]]\n");
    return 2;
  }
  copy = argc >= 3 && strcmp(argv[2], "copy") == 0;
  if (argc == 4) {
    read_max = (size_t)atol(argv[3]);
  }
  int ls = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])),
                          .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(ls, (struct sockaddr *)&a, sizeof a) != 0 || listen(ls, 1024) != 0) {
    perror("uploadsink: bind");
    return 2;
  }
  int ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(ep, EPOLL_CTL_ADD, ls, &ev);
  struct epoll_event evs[256];
  for (;;) {
    int n = epoll_wait(ep, evs, 256, -1);
    for (int i = 0; i < n; i++) {
      conn *c = evs[i].data.ptr;
      if (c == NULL) {
        int fd;
        while ((fd = accept4(ls, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          conn *nc = calloc(1, sizeof *nc);
          nc->fd = fd;
          nc->body_left = -1;
          if (copy && (nc->array = malloc(BUF)) == NULL) {
            close(fd);
            free(nc);
            continue;
          }
          struct epoll_event cev = {.events = EPOLLIN, .data.ptr = nc};
          epoll_ctl(ep, EPOLL_CTL_ADD, fd, &cev);
        }
      } else if (!on_readable(c)) {
        drop(ep, c);
      }
    }
  }
}
