import type { MachineInfo } from '../lib/machine.ts'
import type { OrdersRun } from '../orders.ts'

/**
 * The order bench's result file as Markdown: per dialect, the targets' figures, the goals
 * (G5–G10) with their verdicts, the ledger checks and the statements of one payment.
 */
export function renderOrdersMarkdown(machine: MachineInfo, runs: Record<string, OrdersRun>): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : String(n))
  const verdict = (p: boolean | null) => (p === null ? '–' : p ? 'pass' : '**FAIL**')
  const lines = [
    `# Order bench ${machine.date.slice(0, 10)} @ ${machine.gitSha}${machine.gitDirty ? ' (dirty tree)' : ''}`,
    '',
    `${machine.cpuModel}, ${machine.nproc} cores, ${machine.memoryGb} GB, Node ${machine.node}, SQLite ${machine.sqlite}, PostgreSQL ${machine.postgres ?? 'n/a'}.`,
  ]
  for (const [name, r] of Object.entries(runs)) {
    lines.push(
      '',
      Object.keys(r.results).length === 0
        ? `## ${name} (${r.size}, statement count only)`
        : `## ${name} (${r.size}${r.quick ? ', quick' : ''}: ${r.shape.connections} connections, ${r.shape.durationS} s after ${r.shape.warmupS} s warm-up, ${r.shape.runs} run(s), median)`,
      '',
    )
    if (Object.keys(r.results).length > 0) {
      lines.push(
        '| target | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU µs/req | statuses |',
        '|---|---|---|---|---|---|---|---|---|',
      )
      for (const [target, rs] of Object.entries(r.results))
        for (const x of rs)
          lines.push(
            `| ${target} | ${x.reqPerS} | ${x.p50Ms} | ${x.p99Ms} | ${x.maxMs} | ${x.non2xx} | ${x.errors} | ${x.serverCpuUsPerRequest} | ${JSON.stringify(x.statusCounts)} |`,
          )
      lines.push(
        '',
        '| goal | scenario | ratio (req/s) | ratio (CPU/req) | goal | p99 ms (bound) | result |',
        '|---|---|---|---|---|---|---|',
      )
      for (const g of r.goals)
        lines.push(
          `| ${g.id} | ${g.scenario} | ${f(g.ratio)} of ${g.base} | ${f(g.cpuRatio)} | ≥ ${g.minRatio} | ${g.p99Ms} (≤ ${g.p99MaxMs}) | ${verdict(g.pass)} |`,
        )
      if (r.g8)
        lines.push(
          `| G8 | payOrders() in-process, sequential loop | ${f(r.g8.ratio)} of the floor transaction | – | ≥ 0.5 | – | ${verdict(r.g8.pass)} |`,
        )
      lines.push(`| G7 | ledger after every payment run | ${r.g7.checks.length} checks | – | all hold | – | ${verdict(r.g7.pass)} |`)
      lines.push(
        `| G10 | non-2xx and errors (409/422 expected) | ${Object.entries(r.g10)
          .map(([t, v]) => `${t}: ${JSON.stringify(v.unexpected)} unexpected, ${JSON.stringify(v.expected)} expected, ${v.errors} errors`)
          .join('; ')} | – | 0 | – | ${verdict(Object.values(r.g10).every((v) => v.pass))} |`,
      )
      if (r.g8) {
        lines.push(
          '',
          `G8 detail: payOrders ${r.g8.payOrders.opsPerS}/s (${r.g8.payOrders.meanUs} µs each, ${r.g8.payOrders.failures} failures), floor transaction ${r.g8.floor.opsPerS}/s (${r.g8.floor.meanUs} µs), the payment-password check alone (attempt counter and HMAC) ${r.g8.pinCheck.meanUs} µs. Without it the rest of payOrders takes ≈ ${r.g8.restUs} µs (mean time less the check's${r.g8.ratioWithoutPin === null ? ': within noise, i.e. the check is essentially the whole payment' : `, ${f(r.g8.ratioWithoutPin)} of the floor`}).`,
        )
      }
      lines.push('', 'G7 checks:', '')
      for (const c of r.g7.checks) {
        lines.push(
          `- after ${c.after}: trial balance ${c.ledger.trialBalanceTotalCents}, audit mismatches ${c.ledger.auditMismatches.length}, paid orders ${c.ledger.paidOrders} / order_payment transfers ${c.ledger.orderPaymentTransfers}, paid twice ${c.ledger.ordersPaidTwice}, paid without transfer ${c.ledger.paidWithoutTransfer}, transfer without paid ${c.ledger.transferWithoutPaid}` +
            (c.duplicateKey.statuses.length
              ? `; same key twice at once then once more → ${c.duplicateKey.statuses.join('/')}, ${c.duplicateKey.paymentTransfers} transfer`
              : '') +
            `; orders drawn ${c.ordersDrawn}${c.poolExhausted ? `, POOL EXHAUSTED by ${c.poolExhausted}` : ''} → ${c.ledger.pass && c.duplicateKey.pass && c.poolExhausted === 0 ? 'pass' : 'FAIL'}`,
        )
      }
    }
    if (r.statements) {
      lines.push(
        '',
        `Statements of one payment, counted at the driver (payOrders() in-process, BEGIN and COMMIT included): ${r.statements.oneOrder.count} for one order, ${r.statements.threeOrders.count} for three orders of three shops in one call. One order's:`,
        '',
        ...r.statements.oneOrder.statements.map((text, i) => `${i + 1}. \`${text.replaceAll('`', "'")}\``),
      )
    }
    lines.push('', `Preparation: ${JSON.stringify(r.prep)}`)
  }
  return `${lines.join('\n')}\n`
}
