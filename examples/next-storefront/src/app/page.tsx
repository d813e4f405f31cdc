import { redirect } from "next/navigation"

// The middleware sends `/` to the default region's store; this is in case it does not run.
export default function Root() {
  redirect(`/${process.env.NEXT_PUBLIC_DEFAULT_REGION || "dk"}`)
}
