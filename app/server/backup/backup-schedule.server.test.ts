import { describe, expect, it } from "vitest";
import { getNextBackupTime } from "./backup-schedule.server";

describe("getNextBackupTime", () => {
  const at = (text: string) => new Date(text);
  it("is later today when the time has not come yet, tomorrow when it has", () => {
    expect(getNextBackupTime({ hour: 3, minute: 0 }, at("2026-11-23T01:30:00"))).toEqual(at("2026-11-23T03:00:00"));
    expect(getNextBackupTime({ hour: 3, minute: 0 }, at("2026-11-23T03:00:00"))).toEqual(at("2026-11-24T03:00:00"));
    expect(getNextBackupTime({ hour: 23, minute: 59 }, at("2026-12-31T23:59:30"))).toEqual(at("2027-01-01T23:59:00"));
  });
});
