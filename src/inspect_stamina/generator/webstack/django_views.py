"""The web-stack domain's `views.py`: one DRF viewset per resource, as the model has it.

Each resource's viewset serves its CRUD and whatever the turns so far gave it: filters,
search, ordering, whole-number bounds, a nested list, a protected deletion, `count/`,
a bulk create and a CSV export (with its guard against spreadsheet formulas).
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.schema import Resource, WebProject

_GUARD = '''

class ApiKeyForWrites(permissions.BasePermission):
    """Reads are open; a write needs the X-Api-Key header to hold settings.API_KEY."""

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.headers.get("X-Api-Key") == settings.API_KEY
'''


def views(project: WebProject) -> str:
    """The app's views.py."""
    pkg = project.package
    guarded = any(r.guarded for r in project.resources)
    exported = any(r.export for r in project.resources)
    bulk = any(r.bulk for r in project.resources)
    # endpoints beyond the CRUD, each a DRF @action
    routed = (
        "counted",
        "nested",
        "bulk",
        "export",
        "stats",
        "latest",
        "values",
        "totals",
        "increments",
    )
    extra_routes = any(_any(project, name) for name in routed)
    aggregates = [n for n, used in (("F", "increments"), ("Sum", "totals")) if _any(project, used)]
    protected = _protected(project)
    head = [f'"""The {pkg} API\'s endpoints: one viewset per resource."""']
    if exported:
        head += ["import csv", "import io", ""]
    if guarded:
        head.append("from django.conf import settings")
    if bulk:
        head.append("from django.db import transaction")
    if protected or aggregates:
        names = ", ".join([*aggregates, *(["ProtectedError"] if protected else [])])
        head.append(f"from django.db.models import {names}")
    if exported:
        head.append("from django.http import HttpResponse")
    head.append(
        "from rest_framework import permissions, viewsets"
        if guarded
        else "from rest_framework import viewsets"
    )
    if extra_routes:
        head.append("from rest_framework.decorators import action")
    if any(r.ranges or r.flags or r.by_ids or r.increments for r in project.resources):
        head.append("from rest_framework.exceptions import ValidationError")
    if extra_routes or protected:
        head.append("from rest_framework.response import Response")
    models = ", ".join(r.model for r in project.resources)
    head += ["", f"from {pkg}.models import {models}"]
    head.append(
        f"from {pkg}.serializers import "
        + ", ".join(f"{r.model}Serializer" for r in project.resources)
    )
    parts = ["\n".join(head[:1] + [""] + head[1:]) + "\n"]
    if any(r.formula_safe for r in project.resources):
        parts.append(_FORMULA_SAFE)
    if exported:
        parts.append(_CSV_CELL)
    if guarded:
        parts.append(_GUARD)
    for r in project.resources:
        parts.append(_viewset(project, r, protected.get(r.model, ())))
    return "".join(parts)


_CSV_CELL = '''

def csv_cell(value):
    """A JSON value as a CSV cell: true/false in lower case, nothing for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
'''

_FORMULA_SAFE = '''

def safe_cell(text):
    """A cell a spreadsheet would run as a formula, with a quote in front."""
    return "\'" + text if text[:1] in ("=", "+", "-", "@") else text
'''


def _any(project: WebProject, attribute: str) -> bool:
    return any(getattr(r, attribute) for r in project.resources)


def _protected(project: WebProject) -> dict[str, tuple[Resource, ...]]:
    """Model -> the resources whose foreign key to it refuses its deletion."""
    found: dict[str, tuple[Resource, ...]] = {}
    for r in project.resources:
        for f in r.fields:
            if f.kind == "fk" and f.protect:
                found[f.target] = (*found.get(f.target, ()), r)
    return found


def protect_message(parent: Resource, children: Resource) -> str:
    """The error a refused deletion answers with."""
    return f"this {parent.singular} still has {children.path}"


def _viewset(project: WebProject, r: Resource, protecting: tuple[Resource, ...]) -> str:
    plural = r.path
    lines = [
        "",
        "",
        f"class {r.model}ViewSet(viewsets.ModelViewSet):",
        f'    """/api/{r.path}/: list and create {r.path}; read, update and delete one."""',
        "",
        f"    serializer_class = {r.model}Serializer",
    ]
    if r.guarded:
        lines.append("    permission_classes = [ApiKeyForWrites]")
    lines += [
        "",
        "    def get_queryset(self):",
        f'        {plural} = {r.model}.objects.order_by("id")',
    ]
    if r.filters:
        lines += [
            f"        for name in {r.filters!r}:",
            "            if name in self.request.query_params:",
            f"                {plural} = {plural}.filter(**{{name: self.request.query_params[name]}})",
        ]
    if r.search:
        lines += [
            '        search = self.request.query_params.get("search")',
            "        if search:",
            f"            {plural} = {plural}.filter({r.search}__icontains=search)",
        ]
    if r.orderings:
        allowed = ", ".join(f'"{sign}{name}"' for name in r.orderings for sign in ("", "-"))
        lines += [
            '        ordering = self.request.query_params.get("ordering")',
            f"        if ordering in ({allowed}):",
            f'            {plural} = {plural}.order_by(ordering, "id")',
        ]
    if r.ranges:
        lines += [
            f"        for name in {r.ranges!r}:",
            '            for bound, lookup in (("min_", "gte"), ("max_", "lte")):',
            "                value = self.request.query_params.get(bound + name)",
            "                if value is None:",
            "                    continue",
            "                if not value.isdigit():",
            '                    raise ValidationError({bound + name: "a whole number"})',
            f'                {plural} = {plural}.filter(**{{f"{{name}}__{{lookup}}": int(value)}})',
        ]
    if r.flags:
        lines += [
            f"        for name in {r.flags!r}:",
            "            value = self.request.query_params.get(name)",
            "            if value is None:",
            "                continue",
            '            if value not in ("true", "false"):',
            '                raise ValidationError({name: "true or false"})',
            f'            {plural} = {plural}.filter(**{{name: value == "true"}})',
        ]
    if r.by_ids:
        lines += [
            '        ids = self.request.query_params.get("ids")',
            "        if ids is not None:",
            '            wanted = ids.split(",")',
            "            if not all(part.isdigit() for part in wanted):",
            '                raise ValidationError({"ids": "whole numbers separated by commas"})',
            f"            {plural} = {plural}.filter(id__in=[int(part) for part in wanted])",
        ]
    lines.append(f"        return {plural}")
    for child_path in r.nested:
        child = next(c for c in project.resources if c.path == child_path)
        lines += [
            "",
            "    @action(detail=True)",
            f"    def {child_path}(self, request, pk=None):",
            f'        """The {child_path} of one {r.singular}, in id order."""',
            f'        {child_path} = self.get_object().{child_path}.order_by("id")',
            f"        return Response({child.model}Serializer({child_path}, many=True).data)",
        ]
    if protecting:
        message = protect_message(r, protecting[0])
        lines += [
            "",
            "    def destroy(self, request, *args, **kwargs):",
            f'        """Delete one {r.singular}, unless records still point at it (409)."""',
            "        try:",
            "            return super().destroy(request, *args, **kwargs)",
            "        except ProtectedError:",
            f'            return Response({{"error": "{message}"}}, status=409)',
        ]
    if r.bulk:
        lines += [
            "",
            '    @action(detail=False, methods=["post"])',
            "    def bulk(self, request):",
            f'        """Create every {r.singular} of a JSON array, or none (400) if one is invalid."""',
            "        serializer = self.get_serializer(data=request.data, many=True)",
            "        serializer.is_valid(raise_exception=True)",
            "        with transaction.atomic():",
            "            serializer.save()",
            "        return Response(serializer.data, status=201)",
        ]
    if r.export:
        columns = ["id", *(f.name for f in r.fields)]
        cell = "safe_cell(csv_cell(row[name]))" if r.formula_safe else "csv_cell(row[name])"
        lines += [
            "",
            "    @action(detail=False)",
            "    def export(self, request):",
            f'        """The {r.path} as CSV: a header row, then one row per {r.singular}."""',
            f"        names = {columns!r}",
            "        out = io.StringIO()",
            "        writer = csv.writer(out)",
            "        writer.writerow(names)",
            "        for row in self.get_serializer(self.get_queryset(), many=True).data:",
            f"            writer.writerow([{cell} for name in names])",
            '        return HttpResponse(out.getvalue(), content_type="text/csv")',
        ]
    if r.stats:
        counts = ", ".join(
            f'"{name}": {{value: rows.filter({name}=value).count() for value in {r.field(name).choices!r}}}'
            for name in r.stats
        )
        lines += [
            "",
            "    @action(detail=False)",
            "    def stats(self, request):",
            f'        """How many {r.path} hold each value of {", ".join(r.stats)}."""',
            "        rows = self.get_queryset()",
            f"        return Response({{{counts}}})",
        ]
    lines += _queries(r)
    if r.counted:
        lines += [
            "",
            "    @action(detail=False)",
            "    def count(self, request):",
            f'        """How many {r.path} the list would answer."""',
            '        return Response({"count": self.get_queryset().count()})',
        ]
    return "\n".join(lines) + "\n"


def _queries(r: Resource) -> list[str]:
    """The viewset's latest, distinct values, totals and atomic additions."""
    lines = []
    if r.latest:
        lines += [
            "",
            "    @action(detail=False)",
            "    def latest(self, request):",
            f'        """The {r.singular} with the highest id (404 when there is none)."""',
            f'        newest = {r.model}.objects.order_by("-id").first()',
            "        if newest is None:",
            f'            return Response({{"error": "no {r.path} yet"}}, status=404)',
            "        return Response(self.get_serializer(newest).data)",
        ]
    if r.values:
        lines += [
            "",
            "    @action(detail=False)",
            f"    def {r.values}_values(self, request):",
            f'        """The different {r.values} values, each once, sorted."""',
            f'        return Response(sorted(set({r.model}.objects.values_list("{r.values}", flat=True))))',
        ]
    if r.totals:
        sums = ", ".join(
            f'"{name}": {r.model}.objects.aggregate(total=Sum("{name}"))["total"] or 0'
            for name in r.totals
        )
        lines += [
            "",
            "    @action(detail=False)",
            "    def totals(self, request):",
            f'        """The sum of {", ".join(r.totals)} over every {r.singular}."""',
            f"        return Response({{{sums}}})",
        ]
    for name in r.increments:
        lines += [
            "",
            '    @action(detail=True, methods=["post"])',
            f"    def add_{name}(self, request, pk=None):",
            f'        """Add {{"by": n}} to {name} in the database, so that calls at once lose none."""',
            f"        {r.singular} = self.get_object()",
            '        by = request.data.get("by") if isinstance(request.data, dict) else None',
            "        if type(by) is not int or by < 1:",
            '            raise ValidationError({"by": "a whole number, 1 or more"})',
            f'        {r.model}.objects.filter(pk={r.singular}.pk).update({name}=F("{name}") + by)',
            f"        {r.singular}.refresh_from_db()",
            f"        return Response(self.get_serializer({r.singular}).data)",
        ]
    return lines


__all__ = ["protect_message", "views"]
