import { TradeCreditError } from "../../client"
import { replayingUnreadableAnswer } from "../replay-unreadable"

const failure = (code: string, status?: number) =>
  new TradeCreditError({ code, status, message: `${code} ${status ?? ""}` })

describe("replayingUnreadableAnswer", () => {
  it("asks once more when a 2xx answer could not be read, and answers the replay", async () => {
    const write = jest
      .fn()
      .mockRejectedValueOnce(failure("CONTRACT_VIOLATION", 201))
      .mockResolvedValueOnce({ id: "ref-1" })
    await expect(replayingUnreadableAnswer(write)).resolves.toEqual({ id: "ref-1" })
    expect(write).toHaveBeenCalledTimes(2)
  })

  it("gives up after the replay, and never replays a refusal, a failure without an answer or a non-2xx", async () => {
    const twice = jest.fn().mockRejectedValue(failure("CONTRACT_VIOLATION", 200))
    await expect(replayingUnreadableAnswer(twice)).rejects.toMatchObject({ code: "CONTRACT_VIOLATION" })
    expect(twice).toHaveBeenCalledTimes(2)
    for (const error of [
      failure("INVALID_STATE", 409),
      failure("TIMEOUT"),
      failure("NETWORK_ERROR"),
      failure("CONTRACT_VIOLATION", 500),
      new Error("plain"),
    ]) {
      const write = jest.fn().mockRejectedValue(error)
      await expect(replayingUnreadableAnswer(write)).rejects.toBe(error)
      expect(write).toHaveBeenCalledTimes(1)
    }
  })
})
