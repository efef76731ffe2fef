#!/usr/bin/env bash
# The man page and the shell completions, as a user installs them: the man page from
# swift-argument-parser's generate-manual plugin renders with groff without warnings and
# documents the commands and options; the bash completion script, loaded into bash,
# completes subcommands, options and option values; the zsh and fish scripts parse.
set -euo pipefail
cd "$(dirname "$0")/../.."
formsmith=.build/debug/formsmith
[ -x "$formsmith" ] || swift build --product formsmith >/dev/null

need=()
command -v groff >/dev/null || need+=(groff-base)
command -v man >/dev/null || need+=(man-db)
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

fail() { echo "man-page-and-completions: $*" >&2; exit 1; }

# The man page.
swift package generate-manual --configuration debug >/dev/null
page=.build/plugins/GenerateManual/outputs/formsmith/formsmith.1
[ -s "$page" ] || fail "the plugin wrote no $page"
# (The generator keeps the blank lines between the paragraphs of a command's discussion; mdoc
# warns about those and renders them as paragraph breaks, which is what they mean.)
warnings="$(groff -mandoc -Tutf8 -ww -z "$page" 2>&1 | grep -v '^mdoc warning: Empty input line #' || true)"
[ -z "$warnings" ] || fail "groff warns about $page: $warnings"
rendered="$(MANWIDTH=100 man -l "$page" 2>/dev/null | col -b)"
for word in validate generate lint explain --rules --today --color --quiet --no-progress; do
  grep -q -- "$word" <<<"$rendered" || fail "the man page does not mention $word"
done

# bash: load the script and ask it for completions.
complete_bash() {  # words of the command line (the last one is being completed)
  bash -c '
    source <("$0" --generate-completion-script bash)
    COMP_WORDS=("formsmith" "$@"); COMP_CWORD=$#; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
    _formsmith formsmith "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' "$formsmith" "$@"
}
complete_bash va | grep -qx validate || fail "bash does not complete 'va' to validate"
complete_bash validate --col | grep -qx -- --color || fail "bash does not complete --col to --color"
[ "$(complete_bash validate --color "" | sort | tr '\n' ' ')" = "always auto never " ] \
  || fail "bash does not offer auto, always, never after --color"
complete_bash lint --qu | grep -qx -- --quiet || fail "bash does not complete lint --qu to --quiet"

# zsh and fish: the scripts load without syntax errors.
"$formsmith" --generate-completion-script zsh >/tmp/formsmith-completion.zsh
zsh -n /tmp/formsmith-completion.zsh || fail "the zsh script does not parse"
"$formsmith" --generate-completion-script fish >/tmp/formsmith-completion.fish
fish --no-execute /tmp/formsmith-completion.fish || fail "the fish script does not parse"
fish -c "source /tmp/formsmith-completion.fish; complete -C 'formsmith val'" | grep -q '^validate' \
  || fail "fish does not complete 'val' to validate"
rm -f /tmp/formsmith-completion.zsh /tmp/formsmith-completion.fish
echo "man-page-and-completions: man page, bash, zsh and fish completions OK"
