/**
 * Over a socket each request arrives on its own turn of the event loop; `inject` calls made one after
 * another can all run in one turn, which load shedding rightly reads as a backlog. Await this
 * between requests to send them as a client would.
 */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
