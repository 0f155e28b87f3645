#===- setup-lib.sh - Shell functions of the setup scripts ----------------===#
#
# Sourced by scripts/setup*.sh: the steps they share.
#
#===----------------------------------------------------------------------===#

# mdh_install_packages WHO PKG...: installs those Debian packages that are
# not installed yet (apt-get, through sudo when not root).
mdh_install_packages() {
  local who="$1"
  shift
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
        grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if ((${#missing[@]})); then
    local sudo=""
    if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
    echo "$who: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
      --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# mdh_fresh_venv WHO VENV: an empty virtual environment of Debian's python3
# at VENV, replacing the one there. Replaces only a virtual environment (or
# nothing): never another directory.
mdh_fresh_venv() {
  local who="$1" venv="$2"
  if [[ -e "$venv" && ! -f "$venv/pyvenv.cfg" ]]; then
    echo "$who: $venv exists and is no virtual environment" >&2
    exit 1
  fi
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
}
