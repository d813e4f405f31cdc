#!/usr/bin/env node
// Prints the path of the headless Chromium that npm brought (`@sparticuz/chromium` ships it inside the package,
// brotli-packed; the first call unpacks it into the system temp folder, later calls reuse it). An ES module, so
// the browser tests (CommonJS under jest) run it as a child process.
import chromium from "@sparticuz/chromium"

process.stdout.write(await chromium.executablePath())
