import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'

/** The machine and code a result was measured on (BENCH.md, How 3). */
export interface MachineInfo {
  date: string
  gitSha: string
  /** Uncommitted changes in the tree when measured (others work in it too). */
  gitDirty: boolean
  cpuModel: string
  nproc: number
  memoryGb: number
  node: string
  sqlite: string | null
  postgres: string | null
}

const sh = (command: string) => execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()

/** Collects the machine description; database versions are passed in by who opened them. */
export function machineInfo(versions: { sqlite: string | null; postgres: string | null }): MachineInfo {
  const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown'
  return {
    date: new Date().toISOString(),
    gitSha: sh('git rev-parse --short HEAD'),
    gitDirty: sh('git status --porcelain').length > 0,
    cpuModel,
    nproc: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    ...versions,
  }
}

/** The 1, 5 and 15 minute load averages (other load on the machine). */
export function loadAverage(): [number, number, number] {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number)
  return [one ?? 0, five ?? 0, fifteen ?? 0]
}

const clockTicksPerSecond = Number(sh('getconf CLK_TCK')) || 100

/** CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat. */
export function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1e6) / clockTicksPerSecond
}

/** Machine-wide CPU time so far from /proc/stat, in microseconds: busy (all processes) and stolen by the hypervisor. */
export function machineCpuUs(): { busyUs: number; stealUs: number } {
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number)
  const toUs = (ticks: number) => (ticks * 1e6) / clockTicksPerSecond
  return { busyUs: toUs((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)), stealUs: toUs(steal ?? 0) }
}
