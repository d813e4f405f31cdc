import { isAbsoluteHttpUrl } from "../url"

describe("isAbsoluteHttpUrl", () => {
  it.each([
    ["https://cdn.example/a.png", true],
    ["http://localhost:9000/static/a.png", true],
    ["/static/a.png", false],
    ["//cdn.example/a.png", false],
    ["data:image/png;base64,AAAA", false],
    ["javascript:alert(1)", false],
    ["https://cdn.example/a b.png", false],
    ["", false],
    [null, false],
  ])("%p → %p", (input, expected) => {
    expect(isAbsoluteHttpUrl(input)).toBe(expected)
  })
})
