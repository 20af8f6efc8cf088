// Python bindings of the shapes, ProximityProperties and the contact
// materials.

#include <fmt/format.h>

#include "geometry/proximity_properties.h"
#include "geometry/shape.h"
#include "python/bindings.h"

namespace hydrocontact::python {

Shape ToShape(const py::handle& shape, const char* what) {
  // Tried in the order of the variant's alternatives.
  Shape result{Sphere(1.0)};
  const bool found = [&]<size_t... I>(std::index_sequence<I...>) {
    return ((py::isinstance<std::variant_alternative_t<I, Shape>>(shape) &&
             (result = shape.cast<std::variant_alternative_t<I, Shape>>(), true)) ||
            ...);
  }(std::make_index_sequence<std::variant_size_v<Shape>>());
  if (!found) {
    throw std::invalid_argument(fmt::format(
        "{}: expected a shape (Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex, Torus, "
        "HeightField), got {}",
        what, std::string(py::str(py::type::of(shape)))));
  }
  return result;
}

py::object FromShape(const Shape& shape) {
  return std::visit([](const auto& s) { return py::cast(s); }, shape);
}

void BindShapesAndProperties(py::module_& m) {
  // Shapes: each validates its parameters (ValueError naming the parameter).
  // A geometry's frame G is the shape's own (centred, axes as documented in
  // geometry/shape.h).
  py::class_<Sphere>(m, "Sphere", "A sphere centred at G's origin.")
      .def(py::init<double>(), py::arg("radius"))
      .def("radius", &Sphere::radius)
      .def("__repr__", [](const Sphere& s) { return fmt::format("Sphere(radius={})", s.radius()); });
  py::class_<Box>(m, "Box", "A box centred at G's origin, edges along G's axes.")
      .def(py::init<double, double, double>(), py::arg("width"), py::arg("depth"), py::arg("height"))
      .def(py::init<const Eigen::Vector3d&>(), py::arg("size"))
      .def_static("MakeCube", &Box::MakeCube, py::arg("edge"))
      .def("width", &Box::width)
      .def("depth", &Box::depth)
      .def("height", &Box::height)
      .def("size", [](const Box& b) { return Eigen::Vector3d(b.size()); })
      .def("__repr__", [](const Box& b) { return fmt::format("Box({}, {}, {})", b.width(), b.depth(), b.height()); });
  py::class_<Cylinder>(m, "Cylinder", "A cylinder centred at G's origin, axis along Gz.")
      .def(py::init<double, double>(), py::arg("radius"), py::arg("length"))
      .def("radius", &Cylinder::radius)
      .def("length", &Cylinder::length)
      .def("__repr__", [](const Cylinder& c) { return fmt::format("Cylinder(radius={}, length={})", c.radius(), c.length()); });
  py::class_<Capsule>(m, "Capsule", "A capsule centred at G's origin, axis along Gz (length of the axis).")
      .def(py::init<double, double>(), py::arg("radius"), py::arg("length"))
      .def("radius", &Capsule::radius)
      .def("length", &Capsule::length)
      .def("__repr__", [](const Capsule& c) { return fmt::format("Capsule(radius={}, length={})", c.radius(), c.length()); });
  py::class_<Ellipsoid>(m, "Ellipsoid", "An ellipsoid centred at G's origin, semi-axes a, b, c along Gx, Gy, Gz.")
      .def(py::init<double, double, double>(), py::arg("a"), py::arg("b"), py::arg("c"))
      .def("a", &Ellipsoid::a)
      .def("b", &Ellipsoid::b)
      .def("c", &Ellipsoid::c)
      .def("__repr__", [](const Ellipsoid& e) { return fmt::format("Ellipsoid({}, {}, {})", e.a(), e.b(), e.c()); });
  py::class_<Torus>(m, "Torus", "A torus centred at G's origin about Gz.")
      .def(py::init<double, double>(), py::arg("major_radius"), py::arg("minor_radius"))
      .def("major_radius", &Torus::major_radius)
      .def("minor_radius", &Torus::minor_radius)
      .def("__repr__", [](const Torus& t) {
        return fmt::format("Torus(major_radius={}, minor_radius={})", t.major_radius(), t.minor_radius());
      });
  py::class_<HalfSpace>(m, "HalfSpace", "The half-space z ≤ 0 of G (outward normal +Gz).")
      .def(py::init<>())
      .def("__repr__", [](const HalfSpace&) { return std::string("HalfSpace()"); });
  py::class_<Mesh>(m, "Mesh", "A mesh file (any format of SupportedMeshFileExtensions()), positions scaled.")
      .def(py::init<std::filesystem::path, double>(), py::arg("file"), py::arg("scale") = 1.0)
      .def("file", &Mesh::file)
      .def("scale", &Mesh::scale)
      .def("__repr__", [](const Mesh& s) { return fmt::format("Mesh('{}', scale={})", s.file().string(), s.scale()); });
  py::class_<Convex>(m, "Convex", "The convex hull of a mesh file's vertices, scaled.")
      .def(py::init<std::filesystem::path, double>(), py::arg("file"), py::arg("scale") = 1.0)
      .def("file", &Convex::file)
      .def("scale", &Convex::scale)
      .def("__repr__", [](const Convex& s) { return fmt::format("Convex('{}', scale={})", s.file().string(), s.scale()); });
  py::class_<HeightField>(
      m, "HeightField",
      "A solid under a smooth (C1 bicubic) surface z = h(x, y) through a grid of sampled heights,\n"
      "over a rectangle centred on G's z axis, down to the plane min_height() - thickness.\n"
      "heights[j, i] is the height at x_i = -Lx/2 + i*dx, y_j = -Ly/2 + j*dy (Lx = (nx - 1)*dx,\n"
      "Ly = (ny - 1)*dy): rows along y, columns along x, as numpy.meshgrid(x, y) lays out Z.")
      .def(py::init([](const py::handle& heights, double dx, double dy, double thickness) {
             Grid grid = ToGrid(heights, "HeightField: parameter 'heights'", HeightField::kMaxSamples);
             // The constructor names nx and ny; here they are the columns and rows.
             if (grid.rows < 2 || grid.cols < 2) {
               throw std::invalid_argument(fmt::format(
                   "HeightField: parameter 'heights' needs at least 2 rows (ny, along y) and 2 columns (nx, "
                   "along x), got shape ({}, {})",
                   grid.rows, grid.cols));
             }
             return HeightField(static_cast<int>(grid.cols), static_cast<int>(grid.rows), dx, dy,
                                std::move(grid.values), thickness);
           }),
           py::arg("heights"), py::arg("dx"), py::arg("dy"), py::arg("thickness"),
           "heights: a (ny, nx) array of heights (m); dx, dy: the sample spacings (m); thickness: the\n"
           "solid's depth below the lowest sample (m).\n"
           "@throws ValueError naming the parameter (fewer than 2 samples along an axis, a height not\n"
           "finite or beyond the supported coordinates, naming the sample; sizes out of range).")
      .def("nx", &HeightField::nx)
      .def("ny", &HeightField::ny)
      .def("dx", &HeightField::dx)
      .def("dy", &HeightField::dy)
      .def("thickness", &HeightField::thickness)
      .def(
          "heights",
          [](const HeightField& f) {
            py::array_t<double> out({py::ssize_t{f.ny()}, py::ssize_t{f.nx()}});
            std::copy(f.heights().begin(), f.heights().end(), out.mutable_data());
            return out;
          },
          "The samples as a (ny, nx) array (a copy): heights()[j, i] is sample (i, j).")
      .def(
          "height",
          [](const HeightField& f, int i, int j) {
            if (i < 0 || i >= f.nx() || j < 0 || j >= f.ny()) {
              throw py::index_error(fmt::format(
                  "HeightField.height: sample (i={}, j={}) is outside the grid of {} x {} samples", i, j,
                  f.nx(), f.ny()));
            }
            return f.height(i, j);
          },
          py::arg("i"), py::arg("j"), "The sample at x_i, y_j.")
      .def("min_height", &HeightField::min_height)
      .def("max_height", &HeightField::max_height)
      .def("bottom", &HeightField::bottom, "The bottom plane's height: min_height() - thickness().")
      .def("half_x", &HeightField::half_x)
      .def("half_y", &HeightField::half_y)
      .def("__repr__", [](const HeightField& f) {
        return fmt::format("HeightField(nx={}, ny={}, dx={}, dy={}, thickness={})", f.nx(), f.ny(), f.dx(), f.dy(),
                           f.thickness());
      });
  m.def("ShapeName", [](const py::object& shape) { return ShapeName(ToShape(shape, "ShapeName")); }, py::arg("shape"), "'Sphere', 'Box', ... for a shape.");

  py::enum_<Compliance>(m, "Compliance", "The hydroelastic compliance of a geometry.")
      .value("kNone", Compliance::kNone)
      .value("kRigid", Compliance::kRigid)
      .value("kCompliant", Compliance::kCompliant);

  py::class_<CoulombFriction>(m, "CoulombFriction")
      .def(py::init<double, double, double>(), py::arg("static_friction"), py::arg("dynamic_friction"),
           py::arg("viscous_friction") = 0.0)
      .def("static_friction", &CoulombFriction::static_friction)
      .def("dynamic_friction", &CoulombFriction::dynamic_friction)
      .def("viscous_friction", &CoulombFriction::viscous_friction);
  m.def("CalcEffectiveCOR", py::overload_cast<double, double, double, double>(&CalcEffectiveCOR),
        py::arg("min_cor"), py::arg("capture_speed"), py::arg("min_cor_speed"), py::arg("impact_speed"));
  m.def("CalcEffectiveCOF", py::overload_cast<const CoulombFriction&, double, double>(&CalcEffectiveCOF),
        py::arg("friction"), py::arg("transition_speed"), py::arg("slip_speed"));

  py::class_<ContactMaterial>(m, "ContactMaterial",
                              "Optional contact parameters of a geometry (None when unset).")
      .def(py::init<>())
      .def("friction", &ContactMaterial::friction)
      .def("set_friction", &ContactMaterial::set_friction)
      .def("hunt_crossley_dissipation", &ContactMaterial::hunt_crossley_dissipation)
      .def("set_hunt_crossley_dissipation", &ContactMaterial::set_hunt_crossley_dissipation)
      .def("point_contact_stiffness", &ContactMaterial::point_contact_stiffness)
      .def("set_point_contact_stiffness", &ContactMaterial::set_point_contact_stiffness)
      .def("min_cor", &ContactMaterial::min_cor)
      .def("set_min_cor", &ContactMaterial::set_min_cor)
      .def("capture_speed", &ContactMaterial::capture_speed)
      .def("set_capture_speed", &ContactMaterial::set_capture_speed)
      .def("min_cor_speed", &ContactMaterial::min_cor_speed)
      .def("set_min_cor_speed", &ContactMaterial::set_min_cor_speed)
      .def("transition_speed", &ContactMaterial::transition_speed)
      .def("set_transition_speed", &ContactMaterial::set_transition_speed)
      .def("CalcEffectiveCOR", &ContactMaterial::CalcEffectiveCOR, py::arg("default_capture_speed"),
           py::arg("default_min_cor_speed"), py::arg("impact_speed"))
      .def("CalcEffectiveCOF", &ContactMaterial::CalcEffectiveCOF, py::arg("default_transition_speed"),
           py::arg("slip_speed"));
  m.def("CombineContactMaterials", &CombineContactMaterials, py::arg("m1"), py::arg("m2"));

  py::class_<ProximityProperties>(m, "ProximityProperties",
                                  "How a geometry takes part in contact (see geometry/proximity_properties.h).")
      .def(py::init<>(), "No hydroelastic representation (point contact and distances only).")
      .def_static("Rigid", &ProximityProperties::Rigid, py::arg("resolution_hint") = py::none())
      .def_static("Compliant", &ProximityProperties::Compliant, py::arg("hydroelastic_modulus"),
                  py::arg("resolution_hint") = py::none(), "Compliant with the modulus E (Pa).")
      .def("compliance", &ProximityProperties::compliance)
      .def("set_compliance", &ProximityProperties::set_compliance)
      .def("hydroelastic_modulus", &ProximityProperties::hydroelastic_modulus)
      .def("set_hydroelastic_modulus", &ProximityProperties::set_hydroelastic_modulus)
      .def("resolution_hint", &ProximityProperties::resolution_hint)
      .def("set_resolution_hint", &ProximityProperties::set_resolution_hint)
      .def("margin", &ProximityProperties::margin)
      .def("set_margin", &ProximityProperties::set_margin)
      .def("slab_thickness", &ProximityProperties::slab_thickness)
      .def("set_slab_thickness", &ProximityProperties::set_slab_thickness)
      .def("material", &ProximityProperties::material)
      .def("set_material", &ProximityProperties::set_material)
      .def("extras", &ProximityProperties::extras)
      .def("set_extra", &ProximityProperties::set_extra)
      .def("extra", &ProximityProperties::extra)
      .def("has_extra", &ProximityProperties::has_extra);
}

}  // namespace hydrocontact::python
