import type { machineInfo } from '../lib/machine.ts'

/** One configuration's figures (bench/chat.ts). */
export type Percentiles = { p50: number; p90: number; p99: number; max: number }
export type Step = {
  targetPerS: number
  sent: number
  delivered: number
  lost: number
  deliveredPerS: number
  latencyMs: Percentiles
  sendFailures: Record<string, number>
  serverCpuUsPerMessage: number
  loadAverage1m: number
}
export type Broadcast = { deliveredOf: number; clients: number; latencyMs: Percentiles }
export type ConfigResult = {
  name: string
  description: string
  nodes: number
  clients: number
  connectMs: number
  steps: Step[]
  broadcasts: Broadcast[]
}

/** The markdown table of a run. */
export function render(
  result: { machine: ReturnType<typeof machineInfo>; quick: boolean; configs: ConfigResult[] },
  shape: { clients: number; stepS: number; drainMs: number },
): string {
  const m = result.machine
  const lines = [
    `# Chat fan-out bench ${m.date.slice(0, 10)} @ ${m.gitSha}${m.gitDirty ? ' (dirty tree)' : ''}`,
    '',
    `${m.cpuModel}, ${m.nproc} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.postgres ?? 'no PostgreSQL'}. ${shape.clients} sockets in the bench process; open-loop sends for ${shape.stepS} s a step, ${shape.drainMs / 1000} s drain.`,
    '',
  ]
  for (const c of result.configs) {
    lines.push(`## ${c.name}: ${c.description}`, '', `${c.clients} sockets open in ${c.connectMs.toFixed(0)} ms.`, '')
    lines.push(
      '| target msg/s | sent | delivered | lost | delivered msg/s | p50 ms | p90 ms | p99 ms | max ms | send failures | server CPU µs/msg | load 1m |',
    )
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for (const s of c.steps)
      lines.push(
        `| ${s.targetPerS} | ${s.sent} | ${s.delivered} | ${s.lost} | ${s.deliveredPerS.toFixed(0)} | ${s.latencyMs.p50.toFixed(1)} | ${s.latencyMs.p90.toFixed(1)} | ${s.latencyMs.p99.toFixed(1)} | ${s.latencyMs.max.toFixed(1)} | ${JSON.stringify(s.sendFailures)} | ${s.serverCpuUsPerMessage.toFixed(0)} | ${s.loadAverage1m.toFixed(2)} |`,
      )
    lines.push('', `Announcements (each to all ${c.clients} sockets): delivered, p50 / p99 / last ms from the publish call:`, '')
    lines.push(
      c.broadcasts
        .map(
          (b) =>
            `${b.deliveredOf}/${b.clients}: ${b.latencyMs.p50.toFixed(0)} / ${b.latencyMs.p99.toFixed(0)} / ${b.latencyMs.max.toFixed(0)}`,
        )
        .join('; '),
      '',
    )
  }
  return `${lines.join('\n')}\n`
}
