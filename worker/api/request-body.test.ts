import { describe, expect, it } from "vitest";
import { parseRequestBody } from "./request-body";

const FORM = "application/x-www-form-urlencoded";

describe("parseRequestBody", () => {
  it("reads a form body and a JSON body as the same fields", () => {
    expect(parseRequestBody("roomid=1&lang=vi", FORM)).toEqual({ roomid: "1", lang: "vi" });
    expect(parseRequestBody('{"roomid":1,"lang":"vi"}', "application/json")).toEqual({ roomid: 1, lang: "vi" });
  });

  it("reads JSON sent with the form type (curl -d) as JSON", () => {
    expect(parseRequestBody(' {"token":"x"}', FORM)).toEqual({ token: "x" });
  });

  it("has no fields for an empty body", () => {
    expect(parseRequestBody("  ", "application/json")).toEqual({});
  });

  it("refuses what is not an object of fields", () => {
    for (const raw of ["[1,2]", '"text"', "12", "null", "{bad json", "[{}"])
      expect(parseRequestBody(raw, "application/json"), raw).toBeNull();
    expect(parseRequestBody("[1]", FORM)).toBeNull();
  });
});
