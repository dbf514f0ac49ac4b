import os from 'node:os'
import autocannon from 'autocannon'
import { loadAverage, machineCpuUs, processCpuUs } from './machine.ts'

/** One request of a target: path (with query) and, for writes, a JSON body. */
export interface BenchRequest {
  method?: 'GET' | 'POST'
  path: string
  body?: unknown
  /** Per-request headers, e.g. a buyer's `token` and a fresh `Idempotency-Key`. */
  headers?: Record<string, string>
}

/** How hard and how long one measured run drives a target. */
export interface LoadShape {
  connections: number
  durationS: number
  warmupS: number
}

/** What one measured run of one target recorded (BENCH.md, How 3). */
export interface RunResult {
  target: string
  reqPerS: number
  requests: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  errors: number
  timeouts: number
  statusCounts: Record<string, number>
  /** Bytes received per response, headers included. */
  bytesPerResponse: number
  /** Server process CPU (user + system, all threads) per request, from /proc/<pid>/stat. */
  serverCpuUsPerRequest: number
  /** The load generator's own CPU per request (it shares the 2 cores with the server). */
  loadCpuUsPerRequest: number
  /** CPU used by other processes during the run, as a share of all cores (other load on the machine). */
  otherCpuShare: number
  /** CPU time the hypervisor stole during the run, as a share of all cores. */
  stealShare: number
  loadAvgBefore: [number, number, number]
  loadAvgAfter: [number, number, number]
}

function drive(url: string, next: () => BenchRequest, connections: number, durationS: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: durationS,
        // Each request is drawn afresh: another category, cursor, listing or keyword.
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              const r = next()
              const headers: Record<string, string> = { ...(request.headers as Record<string, string>), ...(r.headers ?? {}) }
              if (r.body !== undefined) headers['content-type'] = 'application/json'
              return {
                ...request,
                method: r.method ?? 'GET',
                path: r.path,
                headers,
                ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

/**
 * Warms a target up, then measures it: autocannon in this process (never the server's),
 * the server's CPU from /proc before and after, and the machine's load average around it.
 * @param serverPid the server process whose CPU time is charged to the requests
 */
export async function measure(
  url: string,
  serverPid: number,
  target: string,
  next: () => BenchRequest,
  shape: LoadShape,
): Promise<RunResult> {
  if (shape.warmupS > 0) await drive(url, next, shape.connections, shape.warmupS)
  const loadAvgBefore = loadAverage()
  const serverCpuBeforeUs = processCpuUs(serverPid)
  const loadCpuBefore = process.cpuUsage()
  const machineBefore = machineCpuUs()
  const result = await drive(url, next, shape.connections, shape.durationS)
  const machineAfter = machineCpuUs()
  const loadCpu = process.cpuUsage(loadCpuBefore)
  const serverCpuUs = processCpuUs(serverPid) - serverCpuBeforeUs
  const capacityUs = result.duration * 1e6 * os.availableParallelism()
  const otherCpuUs = machineAfter.busyUs - machineBefore.busyUs - serverCpuUs - loadCpu.user - loadCpu.system
  const requests = result.requests.total
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number((stat as { count: number }).count)]),
  )
  return {
    target,
    reqPerS: Math.round(requests / result.duration),
    requests,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    bytesPerResponse: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    serverCpuUsPerRequest: requests > 0 ? Math.round(serverCpuUs / requests) : 0,
    loadCpuUsPerRequest: requests > 0 ? Math.round((loadCpu.user + loadCpu.system) / requests) : 0,
    otherCpuShare: Math.max(0, Math.round((otherCpuUs / capacityUs) * 100) / 100),
    stealShare: Math.round(((machineAfter.stealUs - machineBefore.stealUs) / capacityUs) * 100) / 100,
    loadAvgBefore,
    loadAvgAfter: loadAverage(),
  }
}
