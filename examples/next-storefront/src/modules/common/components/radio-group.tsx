"use client"
import { createContext, type ReactNode, useContext } from "react"

// A stand-in for @headlessui/react's RadioGroup and Radio, which the dtc-starter's payment step uses: a group of
// radio inputs with one value and an onChange.

const Group = createContext<{ value: string; onChange: (value: string) => void; name: string }>({ value: "", onChange: () => undefined, name: "" })

export function RadioGroup({ value, onChange, name = "radio-group", children }: { value: string; onChange: (value: string) => void; name?: string; children: ReactNode }) {
  return (
    <div role="radiogroup">
      <Group.Provider value={{ value, onChange, name }}>{children}</Group.Provider>
    </div>
  )
}

export function Radio({ value, disabled, className, children }: { value: string; disabled?: boolean; className?: string; children: ReactNode }) {
  const group = useContext(Group)
  return (
    <label className={className}>
      <input type="radio" name={group.name} value={value} checked={group.value === value} disabled={disabled} onChange={() => group.onChange(value)} />
      {children}
    </label>
  )
}
