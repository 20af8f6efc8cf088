#pragma once

/// @file
/// A contact surface as a legacy VTK file: the one writer the tool, the
/// Python module and users share, so every written surface carries the same
/// arrays under the same names.

#include <filesystem>
#include <string>

#include "mesh/vtk_writer.h"
#include "query_results/contact_surface.h"

namespace hydrocontact {

/// Writes `surface` (expressed in W) to `file` as legacy VTK POLYDATA: its
/// triangles or polygons, the pressure e_MN per vertex ("pressure", Pa), and
/// per face the unit normal ("normal", pointing out of N into M, as
/// ContactSurface::face_normal) and, when the surface has them, the pressure
/// gradients of M and N ("grad_eM", "grad_eN", Pa/m, in W). A null
/// `surface` writes an empty POLYDATA (no contact), so a caller writing one
/// file per query always leaves a readable file.
/// @throws std::runtime_error if the file cannot be written (naming it).
void WriteContactSurfaceVtk(const std::filesystem::path& file, const ContactSurface* surface,
                            VtkEncoding encoding = VtkEncoding::kAscii);

/// The contents WriteContactSurfaceVtk writes, as a string (for a caller
/// that writes several files all or nothing).
std::string WriteContactSurfaceVtkString(const ContactSurface* surface,
                                         VtkEncoding encoding = VtkEncoding::kAscii);

}  // namespace hydrocontact
