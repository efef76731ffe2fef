import Foundation
import XCTest

/// A required field's `parent` is kept present by construction (issue 30): the switch or enum
/// that decides the parent's visibility, and the optional fields and sections around it, are
/// chosen so that the parent is there while its child is required and visible, instead of the
/// questionnaire being rebuilt. The expectations are worked out by hand from the rules.
final class ParentPresenceGenerateCommandTests: ScratchFolderTestCase {
    /// `code` is required and needs `shade`, which is visible only when `colour` is blue: so every
    /// valid questionnaire has `colour: blue`, `shade` and `code` (5,227 questionnaires were
    /// rebuilt for 1,000 before).
    static let hiddenParent = """
        id: parent-visibility
        fields:
          colour: {type: enum, values: [red, blue, green], optional: true}
          shade: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "colour == 'blue'"}
          code: {type: integer, min: 1, max: 9, parent: shade}
        """

    /// `extra.end` is required when the optional section `extra` is filled, and needs the
    /// optional `start` outside it: `start` is there whenever `extra` is (267 questionnaires of
    /// 1,000 were rebuilt before), and the section is still left empty at times.
    static let parentOutsideSection = """
        id: parent-section
        fields:
          start: {type: date, min: 2020-01-01, max: 2020-12-31, optional: true}
        sections:
          extra:
            optional: true
            fields:
              note: {type: string, regex: '^[a-z]{4}$'}
              end: {type: date, min: 2021-01-01, max: 2021-12-31, parent: start}
        """

    /// `since` is there only when `n > 5` (required when visible), and `extra.kind`, required
    /// when the optional section `extra` is filled, needs it: `extra` is left empty whenever `n`
    /// is 5 or less (673 questionnaires of 2,000 were rebuilt before), while `n` keeps its
    /// uniform share (above 5 in half the questionnaires: no rule forbids small values).
    static let parentDecidedBefore = """
        id: parent-decided
        fields:
          n: {type: integer, min: 1, max: 10}
          since: {type: date, min: 2020-01-01, max: 2020-12-31, visibleIf: "n > 5"}
        sections:
          extra:
            optional: true
            fields:
              kind: {type: enum, values: [a, b], parent: since}
              note: {type: string, regex: '^[a-z]{4}$', optional: true}
        """

    /// The same inside list items: `visits[].extra.kind`, required when the item's optional
    /// section `extra` is filled, needs `since` at the root, there only when `n > 5`. Every
    /// item leaves `extra` empty whenever `n` is 5 or less (1,055 questionnaires of 2,000 were
    /// rebuilt before, random form 375's shape); `n` keeps its uniform share (above 5 in half),
    /// and the list sizes 1-3 a third each (no rule reads them).
    static let parentOutsideItems = """
        id: parent-enclosing
        fields:
          n: {type: integer, min: 1, max: 10}
          since: {type: date, min: 2020-01-01, max: 2020-12-31, visibleIf: "n > 5"}
        sections:
          visits:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              place: {type: enum, values: [home, office]}
              extra:
                type: section
                optional: true
                fields:
                  kind: {type: enum, values: [a, b], parent: since}
                  note: {type: string, regex: '^[a-z]{4}$', optional: true}
        """

    /// `code` is required when `n > 3` and needs `colours`, which the optional switch `hide`
    /// hides; `n` is filled after `hide`. `hide` was judged with `n` still empty (`n > 3`
    /// false), so it was drawn true freely, and 299 questionnaires of 1,000 were rebuilt
    /// (random form 320's shape). Now, while `n` is open, `hide` is never true when filled
    /// (true would leave `code` unfillable whenever `n` turns out above 3), `colours` is always
    /// there, and `n` keeps its uniform share (above 3 in two thirds).
    static let parentReadLater = """
        id: parent-read-later
        fields:
          hide: {type: boolean, optional: true}
          colours: {type: multi-choice, values: [red, blue], optional: true, visibleIf: "!hide"}
          n: {type: integer, min: 3, max: 5}
          code: {type: integer, min: 1, max: 9, requiredIf: "n > 3", parent: colours}
        """

    /// `rooms[].kind` is required unless the item's `flag` is true and needs `flag`, which the
    /// root switch `open` hides; `rooms` always has items. So every valid questionnaire has
    /// `open: true` and `flag` in every item (963 questionnaires of 1,000 were rebuilt before,
    /// random form 180's shape: a switch outside the list was never steered for a parent in
    /// its items); `flag`, free once there, is true in half the items, and `kind` is there
    /// whenever `flag` is false.
    static let parentHiddenFromOutside = """
        id: parent-root-switch
        fields:
          open: {type: boolean}
        sections:
          rooms:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              flag: {type: boolean, optional: true, visibleIf: "open"}
              kind: {type: enum, values: [a, b], requiredIf: "NOT rooms[].flag == TRUE", parent: "rooms[].flag"}
        """

    /// `pin` is required and needs `card`, visible only for a member with a gold or silver
    /// tier. Only the last field read (`tier`) was steered, so `member` came out false half the
    /// time and 963 questionnaires of 1,000 were rebuilt (random form 74's shape). Now every
    /// questionnaire has `member: true`, `card` and `pin`, and `tier` is gold or silver, half
    /// each (the rules leave that choice free).
    static let parentTwoSwitches = """
        id: parent-two-switches
        fields:
          member: {type: boolean}
          tier: {type: enum, values: [gold, silver, bronze]}
          card: {type: string, regex: '^[0-9]{4}$', optional: true, visibleIf: "(tier in ['gold', 'silver']) && member"}
          pin: {type: integer, min: 1000, max: 9999, parent: card}
        """

    /// `code` is required and needs `since`, visible only while the integer `n` (1-20) is in
    /// 9...12: every valid questionnaire has `n` there, and each of the four values is a
    /// quarter (the rules leave them free). 3,950 questionnaires were rebuilt for 1,000 before
    /// (random form 178's shape, which `generate` gave up on).
    static let parentHiddenByInteger = """
        id: parent-number
        fields:
          n: {type: integer, min: 1, max: 20}
          since: {type: date, min: 2020-01-01, max: 2020-12-31, optional: true, visibleIf: "n >= 9 AND n <= 12"}
          code: {type: integer, min: 1, max: 9, parent: since}
        """

    /// The same with a decimal in list items: `rooms[].code` needs `rooms[].note`, visible only
    /// while the item's `area` (0-20, one digit) is at most 5: every item has `area` in
    /// 0.0...5.0, 2.5 or less in 26 of those 51 values (8,072 questionnaires were rebuilt for
    /// 1,000 before; random form 1's shape).
    static let parentHiddenByDecimal = """
        id: parent-decimal
        sections:
          rooms:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              area: {type: decimal, fractionDigits: 1, min: 0, max: 20}
              note: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "rooms[].area <= 5"}
              code: {type: integer, min: 1, max: 9, parent: "rooms[].note"}
        """

    /// With an optional date and a calendar offset: `licence` is visible only while `birth >=
    /// today - 18y`; `code` needs it. With today 2026-11-22, `birth` is always there, in
    /// 2008-11-22...2020-12-31 (4,423 days), before 2015 on 2,231 of them (2,617
    /// questionnaires were rebuilt for 1,000 before; random form 81's shape).
    static let parentHiddenByDate = """
        id: parent-date
        fields:
          birth: {type: date, min: 1990-01-01, max: 2020-12-31, optional: true}
          licence: {type: string, regex: '^[0-9]{4}$', optional: true, visibleIf: "birth >= today - 18y"}
          code: {type: integer, min: 1, max: 9, parent: licence}
        """

    /// With a text: `nick` is visible only while the optional `word` (up to 3 characters) is
    /// exactly `ab`; `code` needs `nick`. Every valid questionnaire has `word: ab`, drawn from
    /// the field's pattern intersected with the condition's (1,759 questionnaires were rebuilt
    /// for 1,000 before; random form 108's shape).
    static let parentHiddenByText = """
        id: parent-text
        fields:
          word: {type: string, maxLength: 3, optional: true}
          nick: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "word == 'ab'"}
          code: {type: integer, min: 1, max: 9, parent: nick}
        """

    /// With a checksum: `note` is visible only while `inn` (an INN, its check digits at the end)
    /// contains a 0; `code` needs `note`. Every questionnaire has an INN with valid check digits
    /// and a 0 before them, drawn from the INN's shape intersected with the test, then its check
    /// digits written (318 questionnaires were rebuilt for 1,000 before, and `generate` warned
    /// it drew no such INN; random form 376's shape).
    static let parentHiddenByChecksummedText = """
        id: parent-checksum
        fields:
          inn: {type: string, checksum: inn, optional: true}
          note: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "inn CONTAINS '0'"}
          code: {type: integer, min: 1, max: 9, parent: note}
        """

    /// With a checksum and its own pattern: `note` is visible only while the SNILS (check number
    /// last) begins with 12 or with 5. Both tests cannot hold at once, so each is met in half the
    /// questionnaires, before the check number.
    static let parentHiddenBySNILSPrefix = """
        id: parent-snils
        fields:
          snils: {type: string, checksum: snils, regex: '^[0-9]{3}-[0-9]{3}-[0-9]{3} [0-9]{2}$'}
          note: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "snils BEGINSWITH '12' OR snils BEGINSWITH '5'"}
          code: {type: integer, min: 1, max: 9, parent: note}
        """

    /// With a multi-choice: `since` is visible only while `colours` has two values or more;
    /// `code` needs it. The generator draws a size (1-3) uniformly, then the values; given two
    /// or more, each of the three pairs comes out in a sixth of the questionnaires and all three
    /// colours in half (493 questionnaires were rebuilt for 1,000 before; random form 375's shape,
    /// `count(m2) >= 2`).
    static let parentHiddenByChoices = """
        id: parent-multi
        fields:
          colours: {type: multi-choice, values: [red, blue, green], maxItems: 3}
          since: {type: date, min: 2020-01-01, max: 2020-12-31, optional: true, visibleIf: "count(colours) >= 2"}
          code: {type: integer, min: 1, max: 9, parent: since}
        """

    /// A parent that can never be there: `old` is visible only when `since` lies more than 30
    /// days before today, but `since` is at most 10 days back. `late.n` (every field of the
    /// all-or-none section `late`, required when `kind` is b and visible when `day(since) >=
    /// 15`) needs `old.scan`. So whenever `kind` is b and `since` is filled, `since` falls before
    /// the 15th of its month (the section hidden), and `late` is never filled; `kind` keeps its
    /// half (1,019 questionnaires were rebuilt for 2,000 on main ea54ff1; random form 39's
    /// shape, where `x3 == 'ab'` requires the section).
    static let parentNeverThere = """
        id: parent-never
        fields:
          kind: {type: enum, values: [a, b]}
          since: {type: date, min: "today-10d", max: "today+60d", optional: true}
        sections:
          old:
            visibleIf: "today - since > 30"
            optional: true
            fields:
              scan: {type: integer, min: 1, max: 9, optional: true, parent: since}
          late:
            visibleIf: "day(since) >= 15"
            optional: true
            requiredIf: "kind == 'b'"
            complete: true
            fields:
              n: {type: integer, min: 1, max: 6, optional: true, parent: "old.scan"}
              m: {type: integer, min: 1, max: 6, optional: true}
        """

    /// Random form 30220's shape: every item of the optional list `claims` needs `amount`, whose
    /// parent `box.shown` is shown only when `zero * zero >= 19` and `zero + zero < 5`, with
    /// `zero` const 0 (or empty, with its optional section): never. No item of `claims` can be
    /// valid, so the list is always left out (451 questionnaires of 200 were rebuilt before),
    /// and `generate` says so; `kind`, read by nothing, keeps its half share.
    static let listNeedingAParentNeverShown = """
        id: never-list
        fields:
          kind: {type: enum, values: [a, b]}
        sections:
          box:
            optional: true
            fields:
              zero: {type: integer, max: 7, const: 0}
              shown: {type: date, visibleIf: "(box.zero * box.zero >= 19) && (box.zero + box.zero < 5)"}
          claims:
            type: list
            maxItems: 3
            optional: true
            fields:
              note: {type: string, maxLength: 3, optional: true}
              amount: {type: integer, min: 0, max: 30, parent: "box.shown"}
        """

    /// Random form 60236's shape: `shown` is visible only when `account LIKE[c] 'a*'`, but
    /// `account`'s mask is eight digits, so no value of it begins with an `a` or `A`: `shown` is
    /// never there, no item of `claims` (each needing `shown`) can be valid, and the list is
    /// left out (447 questionnaires of 200 were rebuilt before). `note`'s condition reads a text
    /// too, `region BEGINSWITH 'Q'`, which two capital letters can meet: `remarks` is kept.
    static let listNeedingAParentATextNeverShows = """
        id: never-text
        fields:
          account: {type: text, mask: '00000000', optional: true}
          region: {type: string, regex: '^[A-Z]{2}$'}
          shown: {type: enum, values: [yes, no], optional: true, visibleIf: "account LIKE[c] 'a*' && present(account)"}
          note: {type: enum, values: [x, y], optional: true, visibleIf: "region BEGINSWITH 'Q'"}
        sections:
          claims:
            type: list
            maxItems: 2
            optional: true
            fields:
              amount: {type: integer, min: 1, max: 9, parent: "shown"}
          remarks:
            type: list
            minItems: 1
            maxItems: 2
            optional: true
            fields:
              size: {type: integer, min: 1, max: 3, parent: "note"}
        """

    /// Two rooms at most, each with two or three items needing `tags`, whose parent `label` is
    /// shown only when `fixed` is not true. `fixed` is optional and const true: filled, it hides
    /// `label`, so in every valid questionnaire it is left out (805 questionnaires of 200 were
    /// rebuilt before). `spare` is an optional switch deciding `note` the same way: false or
    /// empty keeps `note` visible, so it is filled or not by its share, and never true.
    static let optionalConstSwitchHidingAParent = """
        id: const-switch
        sections:
          rooms:
            type: list
            maxItems: 2
            fields:
              fixed: {type: boolean, const: true, optional: true}
              spare: {type: boolean, optional: true}
              label: {type: string, maxLength: 4, visibleIf: "NOT rooms[].fixed == TRUE"}
              note: {type: string, maxLength: 4, visibleIf: "NOT rooms[].spare == TRUE"}
              items:
                type: list
                minItems: 2
                maxItems: 3
                fields:
                  tags: {type: multi-choice, values: [x, y, z], minItems: 1, parent: "rooms[].label"}
                  size: {type: integer, min: 1, max: 3, parent: "rooms[].note"}
        """

    /// Random form 30165's shape: `rooms[].fixed` is const true and always there (required,
    /// its parent the required switch `flag`), so `label`, shown only when it is not true, never
    /// is; each of the two or more `items` needs `tags`, whose parent is `label`; and `rooms` is
    /// required (an empty list does not meet `required`). No valid questionnaire exists.
    static let requiredListNoItemOfWhichCanBeValid = """
        id: never-item
        fields:
          flag: {type: boolean}
        sections:
          rooms:
            type: list
            maxItems: 2
            fields:
              fixed: {type: boolean, const: true, parent: "flag"}
              label: {type: string, maxLength: 4, visibleIf: "NOT rooms[].fixed == TRUE"}
              items:
                type: list
                minItems: 2
                maxItems: 3
                fields:
                  tags: {type: multi-choice, values: [x, y, z], minItems: 1, parent: "rooms[].label"}
        """

    /// `extra.claims` is required whenever the optional section `extra` is filled, and its
    /// items need `shown`, visible only when `account CONTAINS 'é'`: `account`'s mask is eight
    /// digits and its `allow:` values are `0` and `n/a`, none of which holds an `é`. So `shown`
    /// is never there, no item of `claims` can be valid, and `extra` is left empty in every
    /// valid questionnaire (random form 90247's shape: 183 questionnaires of 200 rebuilt, the
    /// `allow:` values keeping the text from being read, and the required list in an optional
    /// section filled with the section). `other`, `bank` and `account`'s allowed values keep
    /// their shares.
    static let requiredListNeverValidInOptionalSection = """
        id: never-in-section
        fields:
          bank: {type: string, mask: '000000000', optional: true}
          account: {type: text, mask: '00000000', allow: ['0', 'n/a'], visibleIf: "present(bank)"}
          shown: {type: string, regex: '^[a-z]{3}$', visibleIf: "account CONTAINS 'é'"}
        sections:
          extra:
            optional: true
            fields:
              note: {type: string, regex: '^[a-z]{4}$'}
              claims:
                type: list
                fields:
                  amount: {type: integer, min: 1, max: 9, parent: shown}
          other:
            optional: true
            fields:
              kind: {type: enum, values: [a, b]}
        """

    /// Every item of the optional list `visits` needs its list `photos` (required, no
    /// `minItems`: an empty list does not meet `required`), and no item of `photos` can be valid
    /// (`size`'s parent `shown` is never there: `box` is const 3, `shown` visible only when
    /// `box > 7`): no item of `visits` can be valid either, so `visits` is left empty in every
    /// questionnaire. It was filled at random and rebuilt (2,247 rebuilds for 1,000 questionnaires)
    /// while only an inner list with `minItems` of at least 1 made its holder's items never valid.
    static let requiredInnerListWithoutMinItemsNeverValid = """
        id: never-inner-list
        fields:
          box: {type: integer, const: 3}
          shown: {type: string, regex: '^[a-z]{3}$', visibleIf: "box > 7"}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          visits:
            type: list
            optional: true
            maxItems: 2
            fields:
              day: {type: integer, min: 1, max: 9}
              photos:
                type: list
                maxItems: 2
                fields:
                  size: {type: integer, min: 1, max: 9, parent: shown}
        """

    /// `claim.code` is always required and needs `about.since`, shown only while `on` (the
    /// section's `visibleIf`) and `about.kind == 'a' || about.level < 3`. The fields read, in fill
    /// order: `on`, `level` (a number, drawn), `kind` (an enum, last). Valid questionnaires, by
    /// hand: `on` true in all; `level` any of 0...5; `kind` a, or b or c only with `level` below 3.
    /// `on` was drawn freely, as a number read between it and `kind` stopped the steering of
    /// every switch before that number: 955 of 1,000 rebuilt.
    static let numberReadBetweenSteeredSwitches = """
        id: middle-number
        fields:
          on: {type: boolean}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          about:
            visibleIf: "on"
            fields:
              level: {type: integer, min: 0, max: 5}
              kind: {type: enum, values: [a, b, c]}
              since: {type: enum, values: [x, y], visibleIf: "about.kind == 'a' || about.level < 3"}
          claim:
            fields:
              code: {type: boolean, parent: "about.since"}
        """

    /// `trips[].legs` (required when shown, at least one item) is shown while `count(tags) >= 2`,
    /// and each item's `label` needs `trips[].detail.mode`, shown only while `count(stops) >= 2`.
    /// `stops`, a list at the root filled after `tags`, decides last. Valid questionnaires, by
    /// hand: with one tag, `stops` has 1, 2 or 3 items; with two, 2 or 3. The item count was
    /// drawn freely and 191 of 1,000 rebuilt.
    /// `code` needs `stamp`, shown only while `since` is before 2000, and `since` is shown only
    /// when `kind` is b: every valid questionnaire has `kind` b, `since` in 1990...1999, `stamp`.
    static let dateShowingAParentShownBySwitch = """
        id: date-chain
        fields:
          kind: {type: enum, values: [a, b, c], optional: true}
          since: {type: date, min: 1990-01-01, max: 2009-12-31, visibleIf: "kind == 'b'"}
          stamp: {type: decimal, fractionDigits: 2, optional: true, visibleIf: "since < 2000-01-01"}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          box:
            fields:
              code: {type: date, min: 2020-01-01, max: 2020-12-31, parent: stamp}
        """

    /// `code` needs `stamp`, shown only while `since` is in 2000; `since` falls on weekends only:
    /// every valid questionnaire has `stamp` and `since` a Saturday or Sunday of 2000.
    static let weekendDateShowingAParent = """
        id: weekend-date
        fields:
          since: {type: date, min: 2000-01-01, max: 2029-12-31, weekdays: [sat, sun]}
          stamp: {type: decimal, fractionDigits: 2, optional: true, visibleIf: "since < 2001-01-01"}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          box:
            fields:
              code: {type: date, min: 2020-01-01, max: 2020-12-31, parent: stamp}
        """

    /// `code` needs `stamp`, shown only while `rate / 4 > 2`: every valid questionnaire has
    /// `rate` in 8.1...12.0 and `stamp`.
    static let quotientShowingAParent = """
        id: quotient
        fields:
          rate: {type: decimal, fractionDigits: 1, min: 0, max: 12}
          stamp: {type: decimal, fractionDigits: 2, optional: true, visibleIf: "rate / 4 > 2"}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          box:
            fields:
              code: {type: date, min: 2020-01-01, max: 2020-12-31, parent: stamp}
        """

    /// `code` needs `stamp`, shown only while `rate / 4 > 3`; `rate` is a whole multiple of 0.25
    /// in 0.5...20.5, so 1...20: every valid questionnaire has `rate` in 13...20 and `stamp`.
    static let gridNumberShowingAParent = """
        id: grid
        fields:
          rate: {type: decimal, fractionDigits: 0, min: 0.5, max: 20.5, multipleOf: 0.25}
          stamp: {type: decimal, fractionDigits: 2, optional: true, visibleIf: "rate / 4 > 3"}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          box:
            fields:
              code: {type: date, min: 2020-01-01, max: 2020-12-31, parent: stamp}
        """

    static let listCountShowingAParent = """
        id: list-count
        fields:
          tags: {type: multi-choice, values: [a, b, c], minItems: 1, maxItems: 2}
          remark: {type: string, regex: '^[a-z]{4}$', optional: true}
        sections:
          stops:
            type: list
            maxItems: 3
            fields:
              n: {type: integer, min: 0, max: 9}
          trips:
            type: list
            maxItems: 2
            fields:
              detail:
                type: section
                visibleIf: "count(stops) >= 2"
                fields:
                  mode: {type: enum, values: [car, bus]}
              legs:
                type: list
                maxItems: 2
                visibleIf: "count(tags) >= 2"
                fields:
                  label: {type: string, maxLength: 5, parent: "trips[].detail.mode"}
        """

    /// `extra.code` is required whenever the optional section `extra` is filled, and its parent
    /// `shown` is never there (`box` is const 3, `shown` visible only when `box > 7`): `extra`
    /// is left empty in every questionnaire, and the warning names the section.
    static let requiredFieldNeverThereInOptionalSection = """
        id: never-field-in-section
        fields:
          box: {type: integer, const: 3}
          size: {type: integer, min: 1, max: 5}
          shown: {type: string, regex: '^[a-z]{3}$', visibleIf: "box > 7"}
        sections:
          extra:
            optional: true
            fields:
              note: {type: string, regex: '^[a-z]{4}$'}
              code: {type: integer, min: 1, max: 9, parent: shown}
        """

    /// The same, `code` shown only when `size > 2`: `extra` is left empty whenever `size` is 3-5
    /// and filled at the optional rate (0.7) otherwise, so in 0.4 × 0.7 = 28% of the
    /// questionnaires (1,000: 280 ± 71, five standard deviations of √(1000·0.28·0.72) = 14.2).
    static let requiredFieldNeverThereAtTimes = """
        id: never-field-at-times
        fields:
          box: {type: integer, const: 3}
          size: {type: integer, min: 1, max: 5}
          shown: {type: string, regex: '^[a-z]{3}$', visibleIf: "box > 7"}
        sections:
          extra:
            optional: true
            fields:
              note: {type: string, regex: '^[a-z]{4}$'}
              code: {type: integer, min: 1, max: 9, parent: shown, visibleIf: "size > 2"}
        """

    /// Every item of the required list `visits` needs `since` (its `code` is required with
    /// `parent: visits[].since`), visible only when `colour == 'blue' && word CONTAINS 'b'`,
    /// both optional at the root, `word` filled after `colour`. So every valid questionnaire has
    /// `colour: blue` and a `word` holding a `b`. `word`, a text deciding last, was drawn to
    /// hold a `b`, but `colour` before it was drawn freely (random form 90273's shape: 1,037
    /// questionnaires of 200 rebuilt). `since` keeps its range and `visits` both its sizes.
    static let switchBeforeASettledText = """
        id: switch-before-text
        fields:
          colour: {type: enum, values: [red, blue, green], optional: true}
          word: {type: string, regex: '^[a-z]{2,6}$', optional: true}
        sections:
          visits:
            type: list
            maxItems: 2
            fields:
              since: {type: integer, min: 1, max: 9, visibleIf: "colour == 'blue' && word CONTAINS 'b'"}
              code: {type: string, regex: '^[a-z]{3}$', parent: "visits[].since"}
        """

    /// Every item of the required list `visits` needs `since`, visible only when `about.word
    /// CONTAINS 'b'`, and `word` is required in the optional section `about`: so every valid
    /// questionnaire fills `about`, with a `b` in `word`. `word` was drawn with a `b` when
    /// `about` was filled, but `about` was left empty by its optional share (random form 90273's
    /// `sec5`: 79 questionnaires of 200 rebuilt). `about.note` keeps both its shares.
    static let deciderInOptionalSection = """
        id: decider-in-section
        sections:
          about:
            optional: true
            fields:
              word: {type: string, regex: '^[a-z]{2,6}$'}
              note: {type: string, regex: '^[a-z]{4}$', optional: true}
          visits:
            type: list
            maxItems: 2
            fields:
              since: {type: integer, min: 1, max: 9, visibleIf: "about.word CONTAINS 'b'"}
              code: {type: string, regex: '^[a-z]{3}$', parent: "visits[].since"}
        """

    /// Every item of the required list `visits` needs `since`, visible only when `level > 4 &&
    /// visits[].unit >= 3`, and `unit` is required and `const: 6`: so every valid questionnaire
    /// has `level` above 4 (4.1 to 9.5, its tenths uniform). The const `unit`, last read in
    /// the items' scope, was taken as the field that decides and could not be changed, while
    /// `level` was drawn freely (random form 90012's `n6`: 667 questionnaires of 1,000 rebuilt).
    static let constReadBesideTheDecider = """
        id: const-read
        fields:
          level: {type: decimal, fractionDigits: 1, min: 0.5, max: 9.5}
        sections:
          visits:
            type: list
            maxItems: 2
            fields:
              unit: {type: integer, const: 6}
              since: {type: integer, min: 10, max: 20, visibleIf: "level > 4 && visits[].unit >= 3"}
              code: {type: string, regex: '^[a-z]{3}$', parent: "visits[].since"}
        """

    /// `extra.notes[].code` needs `extra.since`, visible only when `level > 4`, and `extra`
    /// is optional (shown when `photo` is there): a valid questionnaire fills `extra` only with
    /// `level` above 4. `level` keeps its share (4 or less in (4 - 0.5) / 9 of them, 39%), and
    /// `extra` was filled because it holds `since`, a parent a child needs, though `level` had
    /// already hidden it (random form 90012's `sec10`: 667 questionnaires of 1,000 rebuilt).
    static let hiddenParentInOptionalSection = """
        id: hidden-parent-in-section
        fields:
          level: {type: decimal, fractionDigits: 1, min: 0.5, max: 9.5}
          photo: {type: string, regex: '^[a-z]{3}$', optional: true}
        sections:
          extra:
            optional: true
            visibleIf: "present(photo)"
            fields:
              since: {type: integer, min: 10, max: 20, visibleIf: "level > 4"}
              notes:
                type: list
                maxItems: 2
                fields:
                  code: {type: string, regex: '^[a-z]{3}$', parent: "extra.since"}
        """

    /// `extra` is shown when `kind` is b and, holding the required `colour`, is then filled
    /// wholly, so `extra.code` is required and needs `visit.since`; `since` is shown only while
    /// `visit.on` and `about.word` is filled, and `word` (optional) only while `about.on`. So
    /// every valid questionnaire with `kind: b` has `about.on`, `about.word`, `visit.on` and
    /// `visit.since` (588 questionnaires of 1,000 were rebuilt before: `word` was left empty by
    /// its optional share, `about.on` drawn false), while with `kind: a` nothing needs them and
    /// each is still left out or false at times (random form 90355's shape).
    static let parentShownOnlyWhileAFieldIsFilled = """
        id: presence-chain
        fields:
          kind: {type: enum, values: [a, b]}
        sections:
          about:
            visibleIf: "about.on"
            fields:
              on: {type: boolean}
              word: {type: string, regex: '^[a-z]{2}[0-9]$', optional: true}
          visit:
            visibleIf: "visit.on"
            fields:
              on: {type: boolean}
              since: {type: string, regex: '^[a-z]{3}$', visibleIf: "(about.word BEGINSWITH 'a') || present(about.word)"}
          extra:
            visibleIf: "kind == 'b'"
            complete: true
            fields:
              colour: {type: enum, values: [red, blue]}
              code: {type: enum, values: [x, y], optional: true, parent: "visit.since"}
        """

    /// In each item of `visits`, `off` true hides `since`, `code`, `note` and the list `rooms`;
    /// `code` is required when shown and needs `since`, shown only when `level > 7` too; every
    /// `rooms` item needs `note`. With `level` at most 7 an item is valid only with `off` true
    /// (`since` hidden while `code` is shown otherwise), which also hides `rooms`, so nothing
    /// needs `note` (1,112 questionnaires of 1,000 were rebuilt before: `rooms`' items were taken
    /// as needing `note` whatever `off` was, so no value of `off` looked right and it was drawn
    /// freely; random form 90004's shape). Above 7 `off` is free (each value in about half the
    /// items), `note` filled whenever `off` is false; `level` keeps its uniform share.
    static let childInAListHiddenByTheSwitch = """
        id: hidden-list-child
        fields:
          level: {type: integer, min: 1, max: 10}
        sections:
          visits:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              off: {type: boolean}
              since: {type: integer, min: 1, max: 9, visibleIf: "NOT visits[].off AND level > 7"}
              code: {type: enum, values: [x, y], visibleIf: "NOT visits[].off", parent: "visits[].since"}
              note: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "NOT visits[].off"}
              rooms:
                type: list
                minItems: 1
                maxItems: 2
                visibleIf: "NOT visits[].off"
                fields:
                  tag: {type: boolean, parent: "visits[].note"}
        """

    /// `extra` is shown when `kind` is b or `done` is not true and, holding the required
    /// `colour`, is then filled wholly, so `extra.code` is required and needs `since`, shown
    /// only while `word` is filled. `done` is filled after `word`, so a valid questionnaire
    /// either has `word` (and `since`) or `kind` a or c with `done` true. `word` is optional
    /// and keeps a share of being empty; then `done` is true (before, `word` was filled in all
    /// 1,000 questionnaires: the child was taken as shown whatever `done` would be; random form
    /// 90355's `sec4.s6` and `sec7.b10`). `kind` keeps its uniform share.
    static let childHiddenByASwitchFilledLater = """
        id: child-hidden-later
        fields:
          kind: {type: enum, values: [a, b, c]}
          word: {type: string, regex: '^[a-z]{3}$', optional: true}
          since: {type: string, regex: '^[a-z]{3}$', visibleIf: "present(word)"}
          done: {type: boolean}
        sections:
          extra:
            visibleIf: "kind == 'b' OR NOT done == TRUE"
            complete: true
            fields:
              colour: {type: enum, values: [red, blue]}
              code: {type: enum, values: [x, y], optional: true, parent: since}
        """

    /// Generates `count` questionnaires of `text` (seed 2) where a list or section is left out
    /// and said: exit 0, nothing discarded, `validate` exit 0; standard error and the records.
    private func generateLeavingOut(_ text: String, name: String, count: Int) throws -> (stderr: String, records: [[String: Any]]) {
        let rules = try write("\(name).yaml", text)
        let output = path("\(name).jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", String(count), "--seed", "2", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("wrote \(count) questionnaires to \(output); nothing discarded\n"), run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (run.stderr, records)
    }

    private func generate(_ text: String, name: String, count: Int = 1000, today: String? = nil) throws -> [[String: Any]] {
        let rules = try write("\(name).yaml", text)
        let output = path("\(name).jsonl")
        let dated = today.map { ["--today", $0] } ?? []
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", String(count), "--seed", "2", "--output", output] + dated)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("wrote \(count) questionnaires to \(output); nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, output] + dated)
        XCTAssertEqual(validate.status, 0, validate.stdout)
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testASwitchOrEnumThatHidesARequiredFieldsParentKeepsItVisible() throws {
        let records = try generate(Self.hiddenParent, name: "hidden")
        XCTAssertEqual(records.count, 1000)
        for record in records {
            XCTAssertEqual(record["colour"] as? String, "blue", "\(record)")
            XCTAssertNotNil(record["shade"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
    }

    func testAParentOutsideAnOptionalSectionIsFilledWhenTheSectionIs() throws {
        let records = try generate(Self.parentOutsideSection, name: "section")
        var filled = 0
        for record in records where record["extra"] != nil {
            filled += 1
            XCTAssertNotNil(record["start"], "\(record)")
        }
        XCTAssertGreaterThan(filled, 0)
        XCTAssertLessThan(filled, 1000)
    }

    func testASectionWhoseRequiredFieldsParentIsAlreadyEmptyIsLeftEmpty() throws {
        let records = try generate(Self.parentDecidedBefore, name: "decided", count: 2000)
        var large = 0, filled = 0
        for record in records {
            let n = try XCTUnwrap(record["n"] as? Int, "\(record)")
            if n > 5 { large += 1 }
            if record["extra"] != nil {
                filled += 1
                XCTAssertGreaterThan(n, 5, "\(record)")
                XCTAssertNotNil(record["since"], "\(record)")
            }
        }
        XCTAssertEqual(Double(large) / 2000, 0.5, accuracy: 0.05, "n > 5 in \(large) of 2000")
        XCTAssertGreaterThan(filled, 0)
    }

    func testAnItemSectionWhoseRequiredFieldsParentOutsideTheListIsEmptyIsLeftEmpty() throws {
        let records = try generate(Self.parentOutsideItems, name: "enclosing", count: 2000)
        var large = 0, filled = 0, empty = 0
        var sizes = [Int: Int]()
        for record in records {
            let n = try XCTUnwrap(record["n"] as? Int, "\(record)")
            if n > 5 { large += 1 }
            let visits = try XCTUnwrap(record["visits"] as? [[String: Any]], "\(record)")
            sizes[visits.count, default: 0] += 1
            for visit in visits {
                guard visit["extra"] != nil else { empty += 1; continue }
                filled += 1
                XCTAssertGreaterThan(n, 5, "\(record)")
                XCTAssertNotNil(record["since"], "\(record)")
            }
        }
        XCTAssertEqual(Double(large) / 2000, 0.5, accuracy: 0.05, "n > 5 in \(large) of 2000")
        for size in 1...3 {
            XCTAssertEqual(Double(sizes[size, default: 0]) / 2000, 1.0 / 3, accuracy: 0.05, "\(size) visits in \(sizes) of 2000")
        }
        XCTAssertGreaterThan(filled, 0)
        XCTAssertGreaterThan(empty, 0)
    }

    func testASwitchIsNotJudgedOnAChildsConditionReadingAFieldNotFilledYet() throws {
        let records = try generate(Self.parentReadLater, name: "later", count: 1500)
        var large = 0
        for record in records {
            let n = try XCTUnwrap(record["n"] as? Int, "\(record)")
            if n > 3 {
                large += 1
                XCTAssertNotNil(record["code"], "\(record)")
            }
            XCTAssertNotEqual(record["hide"] as? Bool, true, "\(record)")
            XCTAssertNotNil(record["colours"], "\(record)")
        }
        XCTAssertEqual(Double(large) / 1500, 2.0 / 3, accuracy: 0.05, "n > 3 in \(large) of 1500")
    }

    func testASwitchOutsideAListKeepsAParentInItsItemsVisible() throws {
        let records = try generate(Self.parentHiddenFromOutside, name: "outside", count: 1000)
        var items = 0, flagged = 0
        for record in records {
            XCTAssertEqual(record["open"] as? Bool, true, "\(record)")
            for room in try XCTUnwrap(record["rooms"] as? [[String: Any]], "\(record)") {
                items += 1
                let flag = try XCTUnwrap(room["flag"] as? Bool, "\(record)")
                if flag { flagged += 1 } else { XCTAssertNotNil(room["kind"], "\(record)") }
            }
        }
        XCTAssertEqual(Double(flagged) / Double(items), 0.5, accuracy: 0.05, "flag true in \(flagged) of \(items) items")
    }

    func testEverySwitchThatAParentsVisibilityReadsIsSteeredNotOnlyTheLast() throws {
        let records = try generate(Self.parentTwoSwitches, name: "two", count: 1000)
        var gold = 0
        for record in records {
            XCTAssertEqual(record["member"] as? Bool, true, "\(record)")
            let tier = try XCTUnwrap(record["tier"] as? String, "\(record)")
            XCTAssertTrue(tier == "gold" || tier == "silver", "\(record)")
            if tier == "gold" { gold += 1 }
            XCTAssertNotNil(record["card"], "\(record)")
            XCTAssertNotNil(record["pin"], "\(record)")
        }
        XCTAssertEqual(Double(gold) / 1000, 0.5, accuracy: 0.05, "gold in \(gold) of 1000")
    }

    func testAnIntegerThatHidesARequiredFieldsParentIsDrawnAmongTheValuesThatShowIt() throws {
        let records = try generate(Self.parentHiddenByInteger, name: "integer", count: 2000)
        var counts = [Int: Int]()
        for record in records {
            let n = try XCTUnwrap(record["n"] as? Int, "\(record)")
            counts[n, default: 0] += 1
            XCTAssertNotNil(record["since"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
        XCTAssertEqual(Set(counts.keys), [9, 10, 11, 12], "\(counts)")
        for n in 9...12 {
            XCTAssertEqual(Double(counts[n, default: 0]) / 2000, 0.25, accuracy: 0.05, "n = \(n) in \(counts) of 2000")
        }
    }

    func testADecimalInListItemsThatHidesARequiredFieldsParentKeepsItVisible() throws {
        let records = try generate(Self.parentHiddenByDecimal, name: "decimal", count: 1000)
        var items = 0, low = 0
        for record in records {
            for room in try XCTUnwrap(record["rooms"] as? [[String: Any]], "\(record)") {
                items += 1
                let area = try XCTUnwrap((room["area"] as? NSNumber)?.doubleValue, "\(record)")
                XCTAssertTrue(area >= 0 && area <= 5, "\(record)")
                if area <= 2.5 { low += 1 }
                XCTAssertNotNil(room["note"], "\(record)")
                XCTAssertNotNil(room["code"], "\(record)")
            }
        }
        XCTAssertEqual(Double(low) / Double(items), 26.0 / 51, accuracy: 0.05, "area <= 2.5 in \(low) of \(items) items")
    }

    func testAnOptionalDateThatHidesARequiredFieldsParentIsFilledWithinTheDaysThatShowIt() throws {
        let records = try generate(Self.parentHiddenByDate, name: "date", count: 2000, today: "2026-11-22")
        var early = 0
        for record in records {
            let birth = try XCTUnwrap(record["birth"] as? String, "\(record)")
            XCTAssertTrue(birth >= "2008-11-22" && birth <= "2020-12-31", "\(record)")
            if birth < "2015-01-01" { early += 1 }
            XCTAssertNotNil(record["licence"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
        XCTAssertEqual(Double(early) / 2000, 2231.0 / 4423, accuracy: 0.05, "birth before 2015 in \(early) of 2000")
    }

    func testATextThatHidesARequiredFieldsParentIsDrawnToShowIt() throws {
        let records = try generate(Self.parentHiddenByText, name: "text", count: 500)
        for record in records {
            XCTAssertEqual(record["word"] as? String, "ab", "\(record)")
            XCTAssertNotNil(record["nick"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
    }

    func testAMultiChoiceThatHidesARequiredFieldsParentKeepsItsSharesGivenTheParentShown() throws {
        let records = try generate(Self.parentHiddenByChoices, name: "multi", count: 3000)
        var sets = [String: Int]()
        for record in records {
            let colours = try XCTUnwrap(record["colours"] as? [String], "\(record)")
            sets[colours.sorted().joined(separator: "+"), default: 0] += 1
            XCTAssertNotNil(record["since"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
        XCTAssertEqual(Set(sets.keys), ["blue+red", "green+red", "blue+green", "blue+green+red"], "\(sets)")
        XCTAssertEqual(Double(sets["blue+green+red", default: 0]) / 3000, 0.5, accuracy: 0.05, "\(sets)")
        for pair in ["blue+red", "green+red", "blue+green"] {
            XCTAssertEqual(Double(sets[pair, default: 0]) / 3000, 1.0 / 6, accuracy: 0.05, "\(sets)")
        }
    }

    func testADateThatShowsASectionNeedingAParentThatIsNeverThereKeepsTheSectionHidden() throws {
        let records = try generate(Self.parentNeverThere, name: "never", count: 2000, today: "2026-11-22")
        var kindB = 0, datedB = 0, lateDayA = 0
        for record in records {
            XCTAssertNil(record["late"], "\(record)")
            XCTAssertNil(record["old"], "\(record)")
            let kind = try XCTUnwrap(record["kind"] as? String, "\(record)")
            let day = (record["since"] as? String).flatMap { Int($0.suffix(2)) }
            if kind == "b" {
                kindB += 1
                if let day {
                    datedB += 1
                    XCTAssertLessThan(day, 15, "\(record)")
                }
            } else if let day, day >= 15 {
                lateDayA += 1
            }
        }
        XCTAssertEqual(Double(kindB) / 2000, 0.5, accuracy: 0.05, "kind b in \(kindB) of 2000")
        XCTAssertGreaterThan(datedB, 0)
        // With kind a nothing requires the section: `since` is free to fall on the 15th or later.
        XCTAssertGreaterThan(lateDayA, 0)
    }

    func testAChecksummedTextThatHidesARequiredFieldsParentMeetsTheTestBeforeItsCheckDigits() throws {
        let records = try generate(Self.parentHiddenByChecksummedText, name: "checksum")
        var lengths = [Int: Int]()
        for record in records {
            let inn = try XCTUnwrap(record["inn"] as? String, "\(record)")
            lengths[inn.count, default: 0] += 1
            XCTAssertTrue(Self.isValidINN(inn), "\(inn) has wrong check digits")
            XCTAssertTrue(inn.dropLast(inn.count == 10 ? 1 : 2).contains("0"), "\(inn) has no 0 before its check digits")
            XCTAssertNotNil(record["note"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
        // Both lengths an INN has are drawn.
        XCTAssertEqual(Set(lengths.keys), [10, 12], "\(lengths)")
    }

    func testAChecksummedTextWithItsOwnPatternMeetsEitherPrefixInHalfTheQuestionnaires() throws {
        let records = try generate(Self.parentHiddenBySNILSPrefix, name: "snils")
        var twelve = 0, five = 0
        for record in records {
            let snils = try XCTUnwrap(record["snils"] as? String, "\(record)")
            XCTAssertNotNil(snils.range(of: "^[0-9]{3}-[0-9]{3}-[0-9]{3} [0-9]{2}$", options: .regularExpression), snils)
            XCTAssertTrue(Self.isValidSNILS(snils), "\(snils) has a wrong check number")
            if snils.hasPrefix("12") { twelve += 1 }
            if snils.hasPrefix("5") { five += 1 }
            XCTAssertNotNil(record["code"], "\(record)")
        }
        XCTAssertEqual(twelve + five, 1000)
        XCTAssertEqual(Double(twelve) / 1000, 0.5, accuracy: 0.05, "begins with 12 in \(twelve) of 1000")
    }

    func testAnOptionalListWhoseItemsNeedAParentNeverShownIsLeftOutAndSaidSo() throws {
        let started = Date()
        let (stderr, records) = try generateLeavingOut(Self.listNeedingAParentNeverShown, name: "never-list", count: 2000)
        // The parent's visibleIf multiplies two fields: generation must not wait on a solver for it.
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertEqual(stderr, "formsmith: warning: 'claims' is always left empty: none of its items can be valid "
            + "('claims[].amount' is required and never there: its parent 'box.shown' is never there: its visibleIf "
            + "'(box.zero * box.zero >= 19) && (box.zero + box.zero < 5)' is false for every value the fields it reads "
            + "can take)\nformsmith: wrote 2000 questionnaires to \(path("never-list.jsonl")); nothing discarded\n")
        var kindA = 0
        for record in records {
            XCTAssertNil(record["claims"], "\(record)")
            XCTAssertNil((record["box"] as? [String: Any])?["shown"], "\(record)")
            if record["kind"] as? String == "a" { kindA += 1 }
        }
        XCTAssertEqual(Double(kindA) / 2000, 0.5, accuracy: 0.05, "kind a in \(kindA) of 2000")
    }

    func testAnOptionalListWhoseItemsNeedAParentThatATextsOwnMaskNeverShowsIsLeftOut() throws {
        let (stderr, records) = try generateLeavingOut(Self.listNeedingAParentATextNeverShows, name: "never-text", count: 2000)
        XCTAssertTrue(stderr.contains("formsmith: warning: 'claims' is always left empty: none of its items can be valid "
            + "('claims[].amount' is required and never there: its parent 'shown' is never there: its visibleIf "
            + "'account LIKE[c] 'a*' && present(account)' is false for every value the fields it reads can take)\n"), stderr)
        XCTAssertFalse(stderr.contains("'remarks' is always left empty"), stderr)
        var accounts = 0, remarks = 0, regionQ = 0
        for record in records {
            XCTAssertNil(record["claims"], "\(record)")
            XCTAssertNil(record["shown"], "\(record)")
            if let account = record["account"] as? String {
                XCTAssertEqual(account.count, 8, "\(record)")
                XCTAssertTrue(account.allSatisfy(\.isNumber), "\(record)")
                accounts += 1
            }
            if record["remarks"] != nil { remarks += 1 }
            if (record["region"] as? String)?.hasPrefix("Q") == true { regionQ += 1 }
        }
        XCTAssertGreaterThan(accounts, 0)
        XCTAssertGreaterThan(regionQ, 0, "no region begins with Q, so nothing shows note")
        XCTAssertGreaterThan(remarks, 0, "remarks, whose items need note, never written")
    }

    func testAnOptionalConstSwitchWhoseValueHidesANeededParentIsLeftEmpty() throws {
        let records = try generate(Self.optionalConstSwitchHidingAParent, name: "const-switch", count: 1000)
        var rooms = 0, spareFalse = 0, spareEmpty = 0
        for record in records {
            for case let room as [String: Any] in try XCTUnwrap(record["rooms"] as? [Any]) {
                rooms += 1
                XCTAssertNil(room["fixed"], "\(room)")
                XCTAssertNotNil(room["label"], "\(room)")
                XCTAssertNotNil(room["note"], "\(room)")
                switch room["spare"] as? Bool {
                case false?: spareFalse += 1
                case nil: spareEmpty += 1
                case true?: XCTFail("spare true hides note: \(room)")
                }
            }
        }
        XCTAssertGreaterThan(rooms, 1000)
        XCTAssertGreaterThan(spareFalse, 0, "spare never false")
        XCTAssertGreaterThan(spareEmpty, 0, "spare never left empty")
    }

    func testARequiredListNoItemOfWhichCanBeValidIsRefusedUpFrontNamingWhy() throws {
        let rules = try write("never-item.yaml", Self.requiredListNoItemOfWhichCanBeValid)
        let output = path("never-item.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "10", "--seed", "2", "--output", output])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init),
            "formsmith: cannot generate: rooms: [required] is required but none of its items can be valid "
            + "('rooms[].items' is required with at least one item, and 'rooms[].items[].tags' is required and never "
            + "there: its parent 'rooms[].label' is never there: its visibleIf 'NOT rooms[].fixed == TRUE' is false for "
            + "every value the fields it reads can take), so no questionnaire is valid; make the list optional or fix "
            + "the rule that hides that field")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testAnOptionalSectionWhoseRequiredListCanHaveNoValidItemIsLeftEmpty() throws {
        let (stderr, records) = try generateLeavingOut(Self.requiredListNeverValidInOptionalSection, name: "never-section", count: 1000)
        // What is left empty is the section `extra` (its required list `claims` can have no valid
        // item); the warning said `'extra.claims' is always left empty`.
        XCTAssertEqual(stderr, "formsmith: warning: 'account' is never generated so that \"CONTAINS 'é'\" holds: its own "
            + "checks leave no such value the generator can draw, so that side of the predicate is not covered\n"
            + "formsmith: warning: 'extra' is always left empty: its required list 'extra.claims' can have no valid item "
            + "('extra.claims[].amount' is required and never there: its parent 'shown' is never there: its visibleIf "
            + "'account CONTAINS 'é'' is false for every value the fields it reads can take)\n"
            + "formsmith: wrote 1000 questionnaires to \(path("never-section.jsonl")); nothing discarded\n")
        var banks = 0, others = 0, allowed = 0
        for record in records {
            XCTAssertNil(record["extra"], "\(record)")
            XCTAssertNil(record["shown"], "\(record)")
            if record["bank"] != nil { banks += 1 }
            if record["other"] != nil { others += 1 }
            if let account = record["account"] as? String, account == "0" || account == "n/a" { allowed += 1 }
        }
        XCTAssertGreaterThan(banks, 0, "bank never filled")
        XCTAssertLessThan(banks, 1000, "bank never left empty")
        XCTAssertGreaterThan(others, 0, "other never filled")
        XCTAssertLessThan(others, 1000, "other never left empty")
        XCTAssertGreaterThan(allowed, 0, "account's allowed values never written")
    }

    func testAnOptionalListWhoseRequiredInnerListCanHaveNoValidItemIsLeftEmpty() throws {
        let (stderr, records) = try generateLeavingOut(Self.requiredInnerListWithoutMinItemsNeverValid,
                                                       name: "never-inner-list", count: 1000)
        // Said once, for `visits`: the inner list is left empty with it.
        XCTAssertEqual(stderr, "formsmith: warning: 'visits' is always left empty: none of its items can be valid "
            + "('visits[].photos' is required with at least one item, and 'visits[].photos[].size' is required and never "
            + "there: its parent 'shown' is never there: its visibleIf 'box > 7' is false for every value the fields it "
            + "reads can take)\nformsmith: wrote 1000 questionnaires to \(path("never-inner-list.jsonl")); nothing discarded\n")
        var remarks = 0
        for record in records {
            XCTAssertNil(record["visits"], "\(record)")
            XCTAssertNil(record["shown"], "\(record)")
            XCTAssertEqual(record["box"] as? Int, 3, "\(record)")
            if record["remark"] != nil { remarks += 1 }
        }
        XCTAssertEqual(records.count, 1000)
        // The optional `remark` keeps its free share (0.7 by default).
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testASwitchReadBeforeADrawnNumberStillKeepsTheParentVisible() throws {
        let records = try generate(Self.numberReadBetweenSteeredSwitches, name: "middle-number")
        var pairs = Set<String>(), remarks = 0
        for record in records {
            XCTAssertEqual(record["on"] as? Bool, true, "\(record)")
            if record["remark"] != nil { remarks += 1 }
            let about = try XCTUnwrap(record["about"] as? [String: Any], "\(record)")
            let kind = try XCTUnwrap(about["kind"] as? String, "\(record)")
            let level = try XCTUnwrap(about["level"] as? Int, "\(record)")
            XCTAssertTrue(kind == "a" || level < 3, "since hidden: \(record)")
            XCTAssertNotNil(about["since"], "\(record)")
            XCTAssertNotNil((record["claim"] as? [String: Any])?["code"], "\(record)")
            pairs.insert("\(kind)\(level)")
        }
        // Every valid pair comes out: a with each level, b and c with 0...2 (12 of 1,000 at 1/15 or more each).
        XCTAssertEqual(pairs, Set((0...5).map { "a\($0)" } + (0...2).flatMap { ["b\($0)", "c\($0)"] }))
        // The optional `remark` keeps its free share (0.7 by default).
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testAListsItemCountDecidingAParentLastKeepsItVisible() throws {
        let records = try generate(Self.listCountShowingAParent, name: "list-count")
        var pairs = Set<String>(), remarks = 0
        for record in records {
            let tags = try XCTUnwrap(record["tags"] as? [Any], "\(record)").count
            let stops = (record["stops"] as? [Any])?.count ?? 0
            XCTAssertTrue(tags < 2 || stops >= 2, "mode hidden while legs need it: \(record)")
            pairs.insert("\(tags)-\(stops)")
            if record["remark"] != nil { remarks += 1 }
        }
        // Every valid pair comes out, the free counts with one tag included (each about 1/6 of 1,000).
        XCTAssertEqual(pairs, ["1-1", "1-2", "1-3", "2-2", "2-3"])
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testADateDecidingAParentLastIsFilledAndWhatShowsItSteered() throws {
        let records = try generate(Self.dateShowingAParentShownBySwitch, name: "date-chain")
        var years = Set<Substring>(), remarks = 0
        for record in records {
            XCTAssertEqual(record["kind"] as? String, "b", "\(record)")
            let since = try XCTUnwrap(record["since"] as? String, "\(record)")
            years.insert(since.prefix(4))
            XCTAssertNotNil(record["stamp"], "\(record)")
            if record["remark"] != nil { remarks += 1 }
        }
        // Every year before 2000 the bounds allow comes out (about 100 each), and none after.
        XCTAssertEqual(years, Set((1990...1999).map { Substring(String($0)) }))
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testADateWithADayFilterDecidingAParentLastKeepsItVisible() throws {
        let records = try generate(Self.weekendDateShowingAParent, name: "weekend-date")
        var months = Set<Int>(), weekdays = Set<Int>(), remarks = 0
        let calendar = Calendar(identifier: .gregorian)
        let parser = DateFormatter()
        parser.calendar = calendar
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd"
        for record in records {
            let since = try XCTUnwrap(record["since"] as? String, "\(record)")
            XCTAssertTrue(since.hasPrefix("2000-"), "\(record)")
            let date = try XCTUnwrap(parser.date(from: since), since)
            var utc = calendar
            utc.timeZone = TimeZone(identifier: "UTC")!
            weekdays.insert(utc.component(.weekday, from: date))
            months.insert(utc.component(.month, from: date))
            XCTAssertNotNil(record["stamp"], "\(record)")
            if record["remark"] != nil { remarks += 1 }
        }
        // Saturdays (7) and Sundays (1) only, in every month of 2000 (about 83 a month).
        XCTAssertEqual(weekdays, [1, 7])
        XCTAssertEqual(months, Set(1...12))
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testANumberDividedByAConstantDecidingAParentLastKeepsItVisible() throws {
        let records = try generate(Self.quotientShowingAParent, name: "quotient")
        var wholes = Set<Int>(), remarks = 0
        for record in records {
            let rate = try XCTUnwrap(record["rate"] as? Double, "\(record)")
            XCTAssertTrue(rate > 8 && rate <= 12, "\(record)")
            wholes.insert(Int(rate))
            XCTAssertNotNil(record["stamp"], "\(record)")
            if record["remark"] != nil { remarks += 1 }
        }
        // Spread over 8.1...12.0 (about 250 in each whole part 8 to 11).
        XCTAssertTrue(wholes.isSuperset(of: [8, 9, 10, 11]), "\(wholes)")
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testANumberWithMultipleOfDecidingAParentLastKeepsItVisible() throws {
        let records = try generate(Self.gridNumberShowingAParent, name: "grid")
        var rates = Set<Int>(), remarks = 0
        for record in records {
            rates.insert(try XCTUnwrap(record["rate"] as? Int, "\(record)"))
            XCTAssertNotNil(record["stamp"], "\(record)")
            if record["remark"] != nil { remarks += 1 }
        }
        // Each of the 8 values that show `stamp` (about 125 each), and no other.
        XCTAssertEqual(rates, Set(13...20))
        XCTAssertGreaterThan(remarks, 0, "remark never filled")
        XCTAssertLessThan(remarks, 1000, "remark never left empty")
    }

    func testAnOptionalSectionWhoseRequiredFieldIsNeverThereIsLeftEmptyAndNamed() throws {
        let (stderr, records) = try generateLeavingOut(Self.requiredFieldNeverThereInOptionalSection, name: "never-field",
                                                       count: 1000)
        XCTAssertEqual(stderr, "formsmith: warning: 'extra' is always left empty: its required field 'extra.code' is never "
            + "there (its parent 'shown' is never there: its visibleIf 'box > 7' is false for every value the fields it reads "
            + "can take)\nformsmith: wrote 1000 questionnaires to \(path("never-field.jsonl")); nothing discarded\n")
        for record in records { XCTAssertNil(record["extra"], "\(record)") }
    }

    func testAnOptionalSectionLeftEmptyOnlyWhenItWouldRequireAFieldNeverThereSaysWhen() throws {
        let (stderr, records) = try generateLeavingOut(Self.requiredFieldNeverThereAtTimes, name: "never-at-times",
                                                       count: 1000)
        XCTAssertEqual(stderr, "formsmith: warning: 'extra' is left empty whenever its field 'extra.code' would be "
            + "required, as that field is never there (its parent 'shown' is never there: its visibleIf 'box > 7' is false "
            + "for every value the fields it reads can take)\nformsmith: wrote 1000 questionnaires to "
            + "\(path("never-at-times.jsonl")); nothing discarded\n")
        var filled = 0
        for record in records where record["extra"] != nil {
            filled += 1
            XCTAssertLessThanOrEqual(try XCTUnwrap(record["size"] as? Int), 2, "\(record)")
        }
        XCTAssertLessThanOrEqual(abs(filled - 280), 71, "extra filled in \(filled) of 1,000")
    }

    func testASwitchBeforeATextDecidingAParentsVisibilityIsSteeredToo() throws {
        let records = try generate(Self.switchBeforeASettledText, name: "switch-text", count: 1000)
        var sizes = Set<Int>(), sinces = Set<Int>()
        for record in records {
            XCTAssertEqual(record["colour"] as? String, "blue", "\(record)")
            XCTAssertTrue((record["word"] as? String)?.contains("b") == true, "\(record)")
            let visits = try XCTUnwrap(record["visits"] as? [[String: Any]], "\(record)")
            sizes.insert(visits.count)
            for visit in visits {
                sinces.insert(try XCTUnwrap(visit["since"] as? Int, "\(visit)"))
                XCTAssertNotNil(visit["code"], "\(visit)")
            }
        }
        XCTAssertEqual(sizes, [1, 2])
        XCTAssertEqual(sinces, Set(1...9))
    }

    func testAnOptionalSectionHoldingTheFieldThatShowsANeededParentIsFilled() throws {
        let records = try generate(Self.deciderInOptionalSection, name: "decider-section", count: 1000)
        var notes = 0
        for record in records {
            let about = try XCTUnwrap(record["about"] as? [String: Any], "\(record)")
            XCTAssertTrue((about["word"] as? String)?.contains("b") == true, "\(record)")
            if about["note"] != nil { notes += 1 }
            for visit in try XCTUnwrap(record["visits"] as? [[String: Any]], "\(record)") {
                XCTAssertNotNil(visit["since"], "\(visit)")
                XCTAssertNotNil(visit["code"], "\(visit)")
            }
        }
        XCTAssertGreaterThan(notes, 0, "about.note never filled")
        XCTAssertLessThan(notes, 1000, "about.note never left empty")
    }

    func testAConstNumberReadBesideTheFieldThatDecidesAParentsVisibilityIsNotSteered() throws {
        let records = try generate(Self.constReadBesideTheDecider, name: "const-read", count: 1000)
        var levels: [Double] = []
        for record in records {
            let level = try XCTUnwrap(record["level"] as? Double, "\(record)")
            XCTAssertGreaterThan(level, 4, "\(record)")
            levels.append(level)
            for visit in try XCTUnwrap(record["visits"] as? [[String: Any]], "\(record)") {
                XCTAssertEqual(visit["unit"] as? Int, 6, "\(visit)")
                XCTAssertNotNil(visit["since"], "\(visit)")
                XCTAssertNotNil(visit["code"], "\(visit)")
            }
        }
        // 55 tenths from 4.1 to 9.5, uniform: about a fifth below 5.2 and a fifth above 8.4.
        XCTAssertEqual(Double(levels.filter { $0 < 5.15 }.count) / 1000, 11.0 / 55, accuracy: 0.05)
        XCTAssertEqual(Double(levels.filter { $0 > 8.45 }.count) / 1000, 11.0 / 55, accuracy: 0.05)
    }

    func testAnOptionalSectionHoldingANeededParentAlreadyHiddenIsLeftEmpty() throws {
        let records = try generate(Self.hiddenParentInOptionalSection, name: "hidden-in-section", count: 1000)
        var low = 0, extras = 0
        for record in records {
            let level = try XCTUnwrap(record["level"] as? Double, "\(record)")
            if level <= 4 { low += 1 }
            guard let extra = record["extra"] as? [String: Any] else { continue }
            extras += 1
            XCTAssertGreaterThan(level, 4, "\(record)")
            XCTAssertNotNil(record["photo"], "\(record)")
            XCTAssertNotNil(extra["since"], "\(record)")
            for note in try XCTUnwrap(extra["notes"] as? [[String: Any]], "\(record)") {
                XCTAssertNotNil(note["code"], "\(note)")
            }
        }
        XCTAssertEqual(Double(low) / 1000, 35.0 / 90, accuracy: 0.05, "level at most 4 in \(low) of 1000")
        XCTAssertGreaterThan(extras, 0, "extra never filled")
    }

    /// In the same form `photo` is optional and nothing requires it: left empty it hides
    /// `extra`, and with it every child that needs `extra.since` (and so `photo`). It keeps its
    /// optional share (0.7: 700 ± 72 of 1,000, five standard deviations of √(1000·0.7·0.3) =
    /// 14.5); filled "whenever a child might need it", it was filled in 1,000 of 1,000.
    func testAFieldWhoseEmptinessHidesTheChildrenNeedingItKeepsItsShare() throws {
        let records = try generate(Self.hiddenParentInOptionalSection, name: "photo-share", count: 1000)
        var photos = 0
        for record in records {
            if record["photo"] != nil { photos += 1 } else { XCTAssertNil(record["extra"], "\(record)") }
        }
        XCTAssertLessThanOrEqual(abs(photos - 700), 72, "photo filled in \(photos) of 1,000")
    }

    /// And `extra` itself: its required list `notes` needs an item, whose `code` needs
    /// `extra.since`, so the rules let `extra` be filled only with `photo` there and `level`
    /// above 4 (55 of its 91 tenths), and then leave it its optional share: filled in
    /// 0.7 × 55/91 × 0.7 = 29.6% (296 ± 72 of 1,000, σ = √(1000·0.296·0.704) = 14.4). Taken as
    /// holding a parent its own list's child needs, it was filled whenever it could be (424).
    func testASectionHoldingBothAParentAndTheChildNeedingItKeepsItsShare() throws {
        let records = try generate(Self.hiddenParentInOptionalSection, name: "section-share", count: 1000)
        let extras = records.filter { $0["extra"] != nil }.count
        XCTAssertLessThanOrEqual(abs(extras - 296), 72, "extra filled in \(extras) of 1,000")
    }

    func testAFieldAParentIsShownOnlyWhileFilledIsFilledWhenTheParentIsNeeded() throws {
        let records = try generate(Self.parentShownOnlyWhileAFieldIsFilled, name: "presence-chain", count: 1000)
        var kindB = 0, aboutOff = 0, wordEmpty = 0, visitOff = 0
        for record in records {
            let about = record["about"] as? [String: Any] ?? [:], visit = record["visit"] as? [String: Any] ?? [:]
            if record["kind"] as? String == "b" {
                kindB += 1
                XCTAssertEqual(about["on"] as? Bool, true, "\(record)")
                XCTAssertNotNil(about["word"], "\(record)")
                XCTAssertEqual(visit["on"] as? Bool, true, "\(record)")
                XCTAssertNotNil(visit["since"], "\(record)")
                let extra = try XCTUnwrap(record["extra"] as? [String: Any], "\(record)")
                XCTAssertNotNil(extra["code"], "\(record)")
            } else {
                XCTAssertEqual(record["kind"] as? String, "a", "\(record)")
                XCTAssertNil(record["extra"], "\(record)")
                if about["on"] as? Bool == false { aboutOff += 1 } else if about["word"] == nil { wordEmpty += 1 }
                if visit["on"] as? Bool == false { visitOff += 1 }
            }
        }
        // `kind` is drawn freely: b in about half.
        XCTAssertEqual(Double(kindB) / 1000, 0.5, accuracy: 0.06)
        XCTAssertGreaterThan(aboutOff, 0, "about.on never false with kind a")
        XCTAssertGreaterThan(wordEmpty, 0, "about.word never left empty with kind a")
        XCTAssertGreaterThan(visitOff, 0, "visit.on never false with kind a")
    }

    func testAChildInAListTheSteeredSwitchHidesDoesNotKeepTheSwitchFromHidingItsParent() throws {
        let records = try generate(Self.childInAListHiddenByTheSwitch, name: "hidden-list-child", count: 1000)
        var low = 0, highOff = 0, highOn = 0
        for record in records {
            let level = try XCTUnwrap(record["level"] as? Int, "\(record)")
            if level <= 7 { low += 1 }
            for visit in try XCTUnwrap(record["visits"] as? [[String: Any]], "\(record)") {
                let off = try XCTUnwrap(visit["off"] as? Bool, "\(visit)")
                if level <= 7 { XCTAssertTrue(off, "\(record)") }
                if off {
                    if level > 7 { highOff += 1 }
                    XCTAssertNil(visit["rooms"], "\(visit)")
                } else {
                    highOn += 1
                    XCTAssertNotNil(visit["since"], "\(visit)")
                    XCTAssertNotNil(visit["code"], "\(visit)")
                    XCTAssertNotNil(visit["note"], "\(visit)")
                }
            }
        }
        XCTAssertEqual(Double(low) / 1000, 0.7, accuracy: 0.05, "level at most 7 in \(low) of 1000")
        XCTAssertEqual(Double(highOff) / Double(max(highOff + highOn, 1)), 0.5, accuracy: 0.08, "off \(highOff), on \(highOn) above 7")
    }

    func testAParentAChildHiddenByALaterSwitchNeedsKeepsItsShareOfBeingEmpty() throws {
        let records = try generate(Self.childHiddenByASwitchFilledLater, name: "child-hidden-later", count: 1000)
        var kindB = 0, wordEmpty = 0
        for record in records {
            if record["kind"] as? String == "b" { kindB += 1 }
            if record["word"] == nil {
                wordEmpty += 1
                XCTAssertNotEqual(record["kind"] as? String, "b", "\(record)")
                XCTAssertEqual(record["done"] as? Bool, true, "\(record)")
                XCTAssertNil(record["extra"], "\(record)")
                XCTAssertNil(record["since"], "\(record)")
            } else if let extra = record["extra"] as? [String: Any] {
                XCTAssertNotNil(record["since"], "\(record)")
                XCTAssertNotNil(extra["code"], "\(record)")
            }
        }
        XCTAssertEqual(Double(kindB) / 1000, 1.0 / 3, accuracy: 0.05)
        XCTAssertGreaterThan(wordEmpty, 0, "word never left empty")
    }

    /// The INN's check digits, as the tax service publishes them: per check digit, the weighted
    /// sum of the digits before it, modulo 11, modulo 10.
    static func isValidINN(_ inn: String) -> Bool {
        let digits = inn.compactMap { $0.wholeNumberValue }
        guard digits.count == inn.count else { return false }
        func check(_ weights: [Int]) -> Int { zip(weights, digits).map { $0 * $1 }.reduce(0, +) % 11 % 10 }
        switch digits.count {
        case 10: return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) == digits[9]
        case 12: return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) == digits[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) == digits[11]
        default: return false
        }
    }

    /// The SNILS check number: the digits weighted 9 down to 1; a sum under 100 is the number,
    /// 100 and 101 give 00, above that the sum modulo 101 (100 giving 00).
    static func isValidSNILS(_ snils: String) -> Bool {
        let digits = snils.compactMap { $0.wholeNumberValue }
        guard digits.count == 11 else { return false }
        let sum = zip(Array((1...9).reversed()), digits).map { $0 * $1 }.reduce(0, +)
        let expected = sum < 100 ? sum : (sum <= 101 ? 0 : (sum % 101 == 100 ? 0 : sum % 101))
        return expected == digits[9] * 10 + digits[10]
    }
}
