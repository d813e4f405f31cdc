import { NextRequest, NextResponse } from "next/server"

// A stand-in for the dtc-starter's middleware: every page under a country segment (`/gb/…`; a path without one goes
// to the default region's), and the `_medusa_cache_id` cookie that keys the starter's cache tags (its data
// functions cache with force-cache and revalidate by those tags).

const DEFAULT_REGION = process.env.NEXT_PUBLIC_DEFAULT_REGION || "dk"

export async function middleware(request: NextRequest) {
  if (request.nextUrl.pathname.includes(".")) {
    return NextResponse.next()
  }

  const cacheIdCookie = request.cookies.get("_medusa_cache_id")
  const cacheId = cacheIdCookie?.value || crypto.randomUUID()
  const firstPathSegment = request.nextUrl.pathname.split("/")[1]?.toLowerCase()

  if (firstPathSegment && /^[a-z]{2}$/.test(firstPathSegment)) {
    if (!cacheIdCookie) {
      const response = NextResponse.next()
      response.cookies.set("_medusa_cache_id", cacheId, {
        maxAge: 60 * 60 * 24,
      })
      return response
    }
    return NextResponse.next()
  }

  const redirectPath =
    request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname
  const queryString = request.nextUrl.search || ""
  return NextResponse.redirect(`${request.nextUrl.origin}/${DEFAULT_REGION}${redirectPath}${queryString}`, 307)
}

export const config = {
  matcher: [
    "/((?!api|_next/static|_next/image|favicon.ico|images|assets|png|svg|jpg|jpeg|gif|webp).*)",
  ],
}
