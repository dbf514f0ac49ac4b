import { useEffect, useState } from 'react'

/**
 * True while the element given to the returned callback ref is within `marginPx` of the
 * viewport: the trigger of endless scroll, early enough that the next page is usually there
 * before the end. A callback ref, because the element appears only once the first page is in.
 */
export function useInView<T extends Element>(marginPx = 600) {
  const [element, setElement] = useState<T | null>(null)
  const [inView, setInView] = useState(false)
  useEffect(() => {
    if (!element) {
      setInView(false)
      return
    }
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), {
      rootMargin: `${marginPx}px 0px`,
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, marginPx])
  return [setElement, inView] as const
}
