/**
 * measure() of bench/lib/load.ts, with per-request headers: a payment needs its buyer's
 * `token` and a fresh `Idempotency-Key`, and lib/load.ts's BenchRequest carries no headers
 * (that file belongs to the catalogue bench; adding `headers?` there would make this copy
 * unnecessary). The CPU and load accounting is the same, from lib/machine.ts.
 */
import autocannon from 'autocannon'
import os from 'node:os'
import type { BenchRequest, LoadShape, RunResult } from '../lib/load.ts'
import { loadAverage, machineCpuUs, processCpuUs } from '../lib/machine.ts'

export interface HeaderRequest extends BenchRequest {
  headers?: Record<string, string>
}

function drive(url: string, next: () => HeaderRequest, connections: number, durationS: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: durationS,
        requests: [
          {
            // Drawn afresh for every request: another buyer, listing, order and key.
            setupRequest: (request: autocannon.Request) => {
              const r = next()
              const headers: Record<string, string> = { ...(request.headers as Record<string, string>), ...(r.headers ?? {}) }
              if (r.body !== undefined) headers['content-type'] = 'application/json'
              return { ...request, method: r.method ?? 'GET', path: r.path, headers, ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }) }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

/** Warms up, then measures one target (same fields as lib/load.ts measure()). */
export async function measureWithHeaders(url: string, serverPid: number, target: string, next: () => HeaderRequest, shape: LoadShape): Promise<RunResult> {
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
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number((stat as { count: number }).count)]))
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
