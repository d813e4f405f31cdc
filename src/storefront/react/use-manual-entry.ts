import { useState } from "react"

/** The company picker's manual entry: whether it is shown, and the registered name and number typed. */
export function useManualEntry() {
  const [shown, setShown] = useState(false)
  const [name, setName] = useState("")
  const [number, setNumber] = useState("")
  /** Shows the entry, its name taken from `query` unless one was typed already. */
  const show = (query: string) => {
    setShown(true)
    setName((current) => current || query)
  }
  return { shown, name, number, setName, setNumber, show }
}
