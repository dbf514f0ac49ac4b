// The part of autocannon 9's API the bench uses (the package ships no types, and adding
// @types/autocannon would touch the root devDependencies, which are not the bench's).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
    }
    interface Histogram {
      average: number
      max: number
      min: number
      total: number
      p50: number
      p99: number
    }
    interface Result {
      duration: number
      requests: Histogram
      latency: Histogram
      throughput: Histogram
      errors: number
      timeouts: number
      non2xx: number
      statusCodeStats?: Record<string, { count: number }>
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      requests?: { setupRequest?: (request: Request) => Request }[]
    }
    interface Instance {
      stop(): void
    }
  }
  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance
  export default autocannon
}
