import { describe, expect, test } from "bun:test";
import { LANGUAGES } from "@shared/constants";
import { MAIL_TEMPLATE_NAMES, renderMail, type MailTemplate } from "./templates";

/**
 * Every mail in both languages (notifications server/domains/notifications/README.md "Server texts"): the compiler makes each language
 * name every template; this renders each one for what the compiler cannot see: an empty subject or body,
 * a field that did not arrive ("undefined"), a mail left untranslated.
 */
const data = {
  firstName: "Lena",
  link: "http://localhost:3000/x",
  newEmail: "neu@example.org",
  game: "Freitagskick",
  name: "Mehmet",
  players: 7,
  minPlayers: 10,
  changes: [],
  freeCancellation: true,
  amountCents: 1000,
  booking: "Soccerhalle, Di., 08.12., 18:00",
  session: "Bolzplatz, Di., 17.03., 19:00",
  kind: "game",
  place: "Soccerhalle, Hauptstr. 1",
  startTime: "2026-12-08T17:00:00.000Z",
  endTime: "2026-12-08T18:30:00.000Z",
  places: 2,
  held: true,
  tournament: "Sommer-Cup",
  team: "FC Test",
  message: "Anpfiff ist um 10 Uhr.",
  number: "KR-2026-00001",
  cancels: "KR-2026-00000",
  period: "November 2026",
};

describe("mail templates", () => {
  test("every template in German and English, with every field, and not the same in both", () => {
    expect(MAIL_TEMPLATE_NAMES.length).toBeGreaterThan(25);
    for (const name of MAIL_TEMPLATE_NAMES) {
      const [de, en] = LANGUAGES.map((language) => renderMail({ name, data } as MailTemplate, language));
      for (const mail of [de!, en!]) {
        expect({ name, subject: mail.subject.trim().length > 0, greets: mail.text.includes(data.firstName) }).toEqual({ name, subject: true, greets: true });
        expect(`${name}: ${mail.subject}\n${mail.text}`).not.toMatch(/undefined|NaN|null|\[object/);
      }
      expect({ name, same: de!.text === en!.text, sameSubject: de!.subject === en!.subject }).toEqual({ name, same: false, sameSubject: false });
    }
  });
});
