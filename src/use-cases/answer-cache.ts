/**
 * Where a store use case keeps the service's answers a while (the company search, the pre-check): the store routes'
 * short cache (src/api/utils/short-cache.ts), shared between instances where the store has a shared cache module.
 */
export type AnswerCache = {
  get<T>(key: string): Promise<T | undefined>
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>
}
