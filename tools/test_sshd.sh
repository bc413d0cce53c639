# Sourced by the suites that replicate to SFTP (scripts/litestream-test.sh, scripts/standby-test.sh):
# `test_sshd_config DIR` writes a throwaway sshd set-up for a server on loopback that lets only
# this user in, by key only, with internal-sftp: its host and client keys, authorized_keys and
# sshd_config in DIR. It sets ssh_dir, ssh_port, user and host_key (the pinned "ssh-ed25519 AAAA…").
# Needs `free_port` from the caller.
test_sshd_config() {
  ssh_dir="$1"
  mkdir -p "$ssh_dir" && chmod 700 "$ssh_dir"
  ssh-keygen -q -t ed25519 -N '' -C ankara-test-host -f "$ssh_dir/host_ed25519"
  ssh-keygen -q -t ed25519 -N '' -C ankara-test-client -f "$ssh_dir/client_ed25519"
  cp "$ssh_dir/client_ed25519.pub" "$ssh_dir/authorized_keys" && chmod 600 "$ssh_dir/authorized_keys"
  ssh_port=$(free_port)
  user=$(id -un)
  cat >"$ssh_dir/sshd_config" <<EOF
Port $ssh_port
ListenAddress 127.0.0.1
HostKey $ssh_dir/host_ed25519
PidFile $ssh_dir/sshd.pid
AuthorizedKeysFile $ssh_dir/authorized_keys
AllowUsers $user
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
X11Forwarding no
AllowTcpForwarding no
Subsystem sftp internal-sftp
LogLevel ERROR
EOF
  # sshd's privilege-separation directory, when run as root.
  [ "$(id -u)" != 0 ] || [ -d /run/sshd ] || mkdir -p -m 0755 /run/sshd
  host_key=$(cut -d' ' -f1,2 "$ssh_dir/host_ed25519.pub")
}
