"""The CPU the grader may use (sandbox/cpu_quota.py), on faked cgroup trees (v2 and v1), the
grading's wall-clock bound that follows from it, and the throttled time excused from the
student's own time."""
import os
import time

import pytest

from grader import assignment
from grader.sandbox import Status, cpu_quota
from grader.staff import batch
from grader.tests.test_sandbox import sandbox, write_submission


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_v2_quota_is_the_tightest_of_the_own_cgroup_and_those_above(tmp_path):
    root = tmp_path / "cgroup"
    write(root / "cgroup.controllers", "cpu memory pids\n")
    write(root / "course" / "cpu.max", "150000 100000\n")
    write(root / "course" / "job" / "cpu.max", "50000 100000\n")
    write(root / "course" / "job" / "cpu.stat", "usage_usec 9\nthrottled_usec 2500000\n")
    write(tmp_path / "own", "0::/course/job\n")
    quota = cpu_quota.Quota(str(root), str(tmp_path / "own"))
    assert quota.cpus() == 0.5
    assert quota.throttled_seconds() == 2.5
    assert cpu_quota.available_cpus(quota) == 0.5


def test_a_v1_quota_is_read_from_the_cpu_controller_and_no_quota_is_none(tmp_path):
    root = tmp_path / "cgroup"
    write(root / "cpu,cpuacct" / "cpu.cfs_quota_us", "-1\n")
    write(root / "cpu,cpuacct" / "cpu.cfs_period_us", "100000\n")
    write(root / "cpu,cpuacct" / "box" / "cpu.cfs_quota_us", "25000\n")
    write(root / "cpu,cpuacct" / "box" / "cpu.cfs_period_us", "100000\n")
    write(root / "cpu,cpuacct" / "box" / "cpu.stat", "nr_periods 9\nthrottled_time 1500000000\n")
    write(tmp_path / "own", "4:memory:/elsewhere\n3:cpu,cpuacct:/box\n0::/\n")
    quota = cpu_quota.Quota(str(root), str(tmp_path / "own"))
    assert quota.cpus() == 0.25 and quota.throttled_seconds() == 1.5
    write(tmp_path / "free", "3:cpu,cpuacct:/\n")
    free = cpu_quota.Quota(str(root), str(tmp_path / "free"))
    assert free.cpus() is None and free.throttled_seconds() == 0.0
    assert cpu_quota.available_cpus(free) == len(os.sched_getaffinity(0))


def test_the_grading_s_wall_clock_bound_grows_where_it_may_use_less_than_two_cpus(monkeypatch):
    usual = assignment.grading_wall_limit(240, 2)
    assert usual == 240 + assignment.GRADING_WALL_SLACK
    assert assignment.grading_wall_limit(240, 8) == usual
    assert assignment.grading_wall_limit(240, 0.5) == 4 * usual
    # and so does the longest it can grow to on a busy machine, and a class batch's timeout
    assert assignment.longest_grading_wall(240, 0.5) == 4 * assignment.longest_grading_wall(240, 2)
    assert assignment.longest_grading_wall(240, 2) == assignment.GRADING_WALL_GROWTH * usual
    monkeypatch.setattr(cpu_quota, "available_cpus", lambda quota=None: 0.5)
    assert batch.default_timeout() > assignment.longest_grading_wall(
        assignment.GRADING_BUDGET, 0.5)


THROTTLED_SLEEP = '''
import time

def check_word(secret, guess):
    time.sleep(1.0)
    return []
'''


@pytest.mark.parametrize("privileged", [os.geteuid() == 0])
def test_time_the_quota_throttled_is_not_the_student_s_own_time(tmp_path, monkeypatch,
                                                                 privileged):
    """The kernel may leave throttled time out of a task's run delay: the quota's throttled
    time is excused then (here the cgroup is throttled half of the time the call takes)."""
    with sandbox(write_submission(tmp_path / "sleep", THROTTLED_SLEEP), privileged) as box:
        plain = box.call("wordle", "check_word", ["A", "B"], timeout=30, cpu_limit=5)
        monkeypatch.setattr(cpu_quota, "throttled_seconds", lambda: time.monotonic() / 2)
        throttled = box.call("wordle", "check_word", ["A", "B"], timeout=30, cpu_limit=5)
    assert plain.status == throttled.status == Status.OK
    assert plain.own_seconds >= 1.0
    assert throttled.own_seconds < 0.7 * plain.own_seconds
