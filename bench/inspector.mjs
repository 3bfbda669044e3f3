// A minimal DevTools-protocol client. For the memory phase it forces a full GC in the service and
// reads its heap: RSS alone cannot tell a leak from V8 collecting the old generation lazily (it
// lets garbage pile up to a multiple of the live size first, so RSS is a sawtooth); the heap in
// use right after a full collection can. For profile.mjs it records a CPU profile.

/** Connects to a process started with --inspect=127.0.0.1:0, given its stderr so far. */
export async function connectInspector(stderr) {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(stderr())?.[1];
  if (!url) throw new Error('the service did not print its inspector URL');
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
  let lastId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++lastId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** process.memoryUsage() of the service right after a full garbage collection, in MB. */
    async memoryAfterGc() {
      await call('HeapProfiler.collectGarbage');
      const { result } = await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      const usage = JSON.parse(result.result.value);
      const mb = (bytes) => Number((bytes / 2 ** 20).toFixed(1));
      return { heapUsedMB: mb(usage.heapUsed), rssMB: mb(usage.rss) };
    },
    /** Starts V8's sampling CPU profiler, every `intervalUs` µs. */
    async startProfiling(intervalUs = 100) {
      await call('Profiler.enable');
      await call('Profiler.setSamplingInterval', { interval: intervalUs });
      await call('Profiler.start');
    },
    /** Stops the profiler: the profile, as a .cpuprofile file holds it. */
    async stopProfiling() {
      const { result } = await call('Profiler.stop');
      return result.profile;
    },
    close: () => socket.close(),
  };
}
