"""The CPU this grader may use: the CPUs it may run on and the CPU quota of its control group
(a container's, as course platforms give: cgroup v2's cpu.max, v1's cpu.cfs_quota_us), and the
time the kernel withheld from it for that quota (throttling).

Read from this process's own cgroup and every one above it that is visible (inside a
container, its own cgroup is the root it sees): the tightest quota holds.  Where nothing can
be read, the CPUs it may run on are all there is.
"""
import os

from grader.sandbox import cgroup

ROOT = cgroup.ROOT
V1_CONTROLLER = "cpu"


class Quota:
    """The quota'd cgroup folders above this process, read from root and the cgroup list of
    /proc (paths given for tests)."""

    def __init__(self, root=ROOT, own_cgroups="/proc/self/cgroup"):
        self.folders = []   # (folder, version) of each level with a quota file
        for folder, version in _own_folders(root, own_cgroups):
            if _limit(folder, version) is not None:
                self.folders.append((folder, version))

    def cpus(self):
        """The CPUs a quota gives (0.5 for 50 ms every 100 ms), None where there is none."""
        limits = [_limit(folder, version) for folder, version in self.folders]
        limits = [limit for limit in limits if limit is not None]
        return min(limits) if limits else None

    def throttled_seconds(self):
        """Seconds the quota'd cgroups have been throttled in all (the most of any level), 0.0
        where there is no quota or it cannot be read."""
        return max((_throttled(folder, version) for folder, version in self.folders),
                   default=0.0)


def available_cpus(quota=None):
    """How many CPUs' worth of time this process may use: the CPUs it may run on, or its
    cgroup's quota where that is less."""
    quota = _QUOTA if quota is None else quota
    cpus = len(os.sched_getaffinity(0))
    limit = quota.cpus()
    return cpus if limit is None else min(cpus, limit)


def throttled_seconds():
    return _QUOTA.throttled_seconds()


def _own_folders(root, own_cgroups):
    """The cgroup folders of this process for the cpu controller, innermost first, up to the
    root: (folder, 2) for cgroup v2, (folder, 1) for v1."""
    found = []
    for controllers, path in cgroup.own_cgroups(own_cgroups):
        if not controllers and os.path.exists(os.path.join(root, "cgroup.controllers")):
            base, version = root, 2
        elif V1_CONTROLLER in controllers:
            base, version = os.path.join(root, ",".join(controllers)), 1
        else:
            continue
        parts = [part for part in path.split("/") if part]
        for depth in range(len(parts), -1, -1):
            found.append((os.path.join(base, *parts[:depth]), version))
    return found


def _read(path):
    try:
        with open(path) as handle:
            return handle.read()
    except OSError:
        return None


def _limit(folder, version):
    """The CPUs the quota of one cgroup folder gives, or None (no quota, or unreadable)."""
    try:
        if version == 2:
            text = _read(os.path.join(folder, "cpu.max"))
            quota, period = text.split()
        else:
            quota = _read(os.path.join(folder, "cpu.cfs_quota_us")).strip()
            period = _read(os.path.join(folder, "cpu.cfs_period_us")).strip()
        if quota == "max" or int(quota) < 0:
            return None
        return int(quota) / int(period)
    except (AttributeError, ValueError, ZeroDivisionError):
        return None


def _throttled(folder, version):
    """Seconds one cgroup was throttled, from its cpu.stat (v2 throttled_usec, v1
    throttled_time in ns), 0.0 where it cannot be read."""
    name, scale = ("throttled_usec", 1e6) if version == 2 else ("throttled_time", 1e9)
    for line in (_read(os.path.join(folder, "cpu.stat")) or "").splitlines():
        key, _, value = line.partition(" ")
        if key == name:
            try:
                return int(value) / scale
            except ValueError:
                return 0.0
    return 0.0


_QUOTA = Quota()
