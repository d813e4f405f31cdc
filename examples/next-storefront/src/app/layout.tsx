import type { Metadata } from "next"
import type { ReactNode } from "react"
import "./globals.css"

export const metadata: Metadata = {
  title: "Trade credit in the dtc-starter (example)",
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">Medusa Store</header>
        <main className="relative">{children}</main>
      </body>
    </html>
  )
}
