"""The web API's tasks: create, list, complete and count them."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import HANDLER, TITLE_CHECK, code
from inspect_stamina.generator.webapi.scenarios import (
    TITLE_REQUIRED,
    call,
    expect,
    new_task,
    scenario,
    task,
)

F = FunctionTemplate

TASKS: tuple[FunctionTemplate, ...] = (
    F(
        "create_task",
        "tasks",
        HANDLER,
        "creates a task from a JSON body with a `title` (a non-empty string) and an optional "
        "`priority` (1, 2 or 3, 1 the most urgent; default 2), and answers 201 with the task: "
        "`id`, `title`, `priority` and `done` (false). Without a title it answers 400 with "
        '{"error": "title is required"}, with another priority 400 with '
        '{"error": "priority must be 1, 2 or 3"}',
        TITLE_CHECK
        + code(
            """
            priority = body.get('priority', 2)
            if isinstance(priority, bool) or priority not in (1, 2, 3):
                return 400, {'error': 'priority must be 1, 2 or 3'}
            fields = {'title': body['title'], 'priority': priority, 'done': False}
            return 201, store.add('tasks', fields)
            """
        ),
        (
            scenario(
                expect(new_task("write report"), 201, task(1, "write report")),
                expect(new_task("call bank", 1), 201, task(2, "call bank", 1)),
                expect(call("POST", "/tasks", {"priority": 1}), 400, TITLE_REQUIRED),
            ),
        ),
        defect=Defect(
            TITLE_CHECK
            + code(
                """
                fields = {'title': body['title'], 'priority': body.get('priority', 2), 'done': False}
                return 201, store.add('tasks', fields)
                """
            ),
            'a priority outside 1 to 3, such as 7 or "high"',
            'the task is created with it; it should be a 400 with {"error": "priority must be 1, 2 or 3"}',
            (
                scenario(
                    expect(new_task("x", 7), 400, {"error": "priority must be 1, 2 or 3"}),
                    expect(
                        call("POST", "/tasks", {"title": "x", "priority": "high"}),
                        400,
                        {"error": "priority must be 1, 2 or 3"},
                    ),
                    expect(new_task("x", 3), 201, task(1, "x", 3)),
                ),
            ),
        ),
        route="POST /tasks",
    ),
    F(
        "list_tasks",
        "tasks",
        HANDLER,
        "answers 200 with every task, in id order",
        "    return 200, store.records('tasks')",
        (
            scenario(
                new_task("write report", 3),
                new_task("call bank", 1),
                expect(
                    call("GET", "/tasks"),
                    200,
                    [task(1, "write report", 3), task(2, "call bank", 1)],
                ),
            ),
        ),
        change=Change(
            "GET /tasks takes an optional `sort=priority`: then the most urgent tasks come "
            "first (priority 1, then 2, then 3), tasks of equal priority in id order",
            code(
                """
                tasks = store.records('tasks')
                if params.get('sort') == 'priority':
                    tasks.sort(key=lambda task: task['priority'])
                return 200, tasks
                """
            ),
            (
                scenario(
                    new_task("a", 3),
                    new_task("b", 1),
                    new_task("c", 3),
                    expect(
                        call("GET", "/tasks?sort=priority"),
                        200,
                        [task(2, "b", 1), task(1, "a", 3), task(3, "c", 3)],
                    ),
                    expect(
                        call("GET", "/tasks"),
                        200,
                        [task(1, "a", 3), task(2, "b", 1), task(3, "c", 3)],
                    ),
                ),
            ),
        ),
        route="GET /tasks",
        requires=("create_task",),
    ),
    F(
        "complete_task",
        "tasks",
        HANDLER,
        "marks the task whose id is in the path done and answers 200 with the task; 404 with "
        '{"error": "task not found"} for an unknown id',
        code(
            """
            task = store.find('tasks', params['id'])
            if task is None:
                return 404, {'error': 'task not found'}
            return 200, store.update('tasks', task['id'], {'done': True})
            """
        ),
        (
            scenario(
                new_task("write report"),
                new_task("call bank"),
                expect(call("POST", "/tasks/2/done"), 200, task(2, "call bank", done=True)),
            ),
        ),
        defect=Defect(
            "    return 200, store.update('tasks', int(params['id']), {'done': True})",
            "an id that does not exist, such as POST /tasks/42/done",
            'the request fails with a server error (500) instead of a 404 with {"error": "task not found"}',
            (
                scenario(
                    new_task("write report"),
                    expect(call("POST", "/tasks/42/done"), 404, {"error": "task not found"}),
                ),
            ),
        ),
        route="POST /tasks/{id}/done",
        requires=("create_task",),
    ),
    F(
        "open_tasks",
        "tasks",
        HANDLER,
        "answers 200 with the tasks that are not done yet, in id order",
        "    return 200, [task for task in store.records('tasks') if not task['done']]",
        (
            scenario(
                new_task("a"),
                new_task("b"),
                new_task("c"),
                call("POST", "/tasks/2/done"),
                expect(call("GET", "/tasks/open"), 200, [task(1, "a"), task(3, "c")]),
            ),
        ),
        route="GET /tasks/open",
        requires=("create_task", "complete_task"),
    ),
    F(
        "task_stats",
        "tasks",
        HANDLER,
        'answers 200 with {"total": n, "done": d, "open": o}, counted over every task',
        code(
            """
            tasks = store.records('tasks')
            done = sum(1 for task in tasks if task['done'])
            return 200, {'total': len(tasks), 'done': done, 'open': len(tasks) - done}
            """
        ),
        (
            scenario(
                expect(call("GET", "/tasks/stats"), 200, {"total": 0, "done": 0, "open": 0}),
                new_task("a"),
                new_task("b"),
                new_task("c"),
                call("POST", "/tasks/1/done"),
                expect(call("GET", "/tasks/stats"), 200, {"total": 3, "done": 1, "open": 2}),
            ),
        ),
        route="GET /tasks/stats",
        requires=("create_task", "complete_task"),
    ),
)
